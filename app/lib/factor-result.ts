import type { FormResult } from "./form-result";

/** The one-time secret of an authenticator-app setup, as the Account screen shows it. */
export type TotpSetup = { secret: string; qr_svg: string };

/**
 * What the Account screen's second-factor intents answer: a setup's secret or new recovery codes,
 * shown once to the admin who asked, in the answer to that post only (never in an address).
 */
export type FactorResult = FormResult<{ setup?: TotpSetup; recovery_codes?: string[] }>;
