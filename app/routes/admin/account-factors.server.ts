import type { AppLoadContext } from "react-router";
import { FactorChangeSchema, IntIdParamSchema, TotpEnableSchema } from "../../../contract/identity";
import type { ClientMeta, SessionAdmin } from "../../../server/features/identity";
import type { FactorResult } from "../../lib/factor-result";
import { formAction, readForm } from "./admin-action.server";

/** The Account screen's second-factor intents (passkey registration stays a WebAuthn ceremony on the API). */
export const FACTOR_INTENTS = ["totp-setup", "totp-enable", "totp-remove", "recovery-codes", "passkey-remove"] as const;
export type FactorIntent = (typeof FACTOR_INTENTS)[number];

/** The proof fields as the identity check reads them: an empty field is no proof. */
function proofOf(form: FormData) {
  const proof = readForm(form, FactorChangeSchema);
  return {
    currentPassword: proof.current_password || undefined,
    code: proof.code || undefined,
    recoveryCode: proof.recovery_code || undefined,
  };
}

/**
 * Sets up, confirms and removes the authenticator app, replaces the recovery codes and removes a
 * passkey, on the services the API's /api/admin/mfa/... operations call, with their proof rules:
 * a removal or a replacement needs the current password, a code or an unused recovery code
 * (checked and throttled by the service), and like those operations it needs an enrolled admin
 * when ADMIN_MFA_REQUIRED is set. A setup's secret and new recovery codes ride in this answer
 * only, which the admin pages send with Cache-Control: no-store (app/routes/admin/account.tsx).
 */
export async function factorAction(intent: FactorIntent, form: FormData, context: AppLoadContext, admin: SessionAdmin, meta: ClientMeta) {
  const { mfa, passkeys, account } = context.services;
  return formAction<NonNullable<Extract<FactorResult, { ok: true }>["value"]>>(intent, async () => {
    if (intent === "totp-setup") {
      const { secret, qr_svg } = await mfa.setupTotp(admin);
      return { message: "Scan the QR code or type the key into your app, then enter its code.", value: { setup: { secret, qr_svg } } };
    }
    if (intent === "totp-enable") {
      const { code } = readForm(form, TotpEnableSchema);
      return { message: "The authenticator app is set up.", value: { recovery_codes: await mfa.enableTotp(admin, code, meta) } };
    }
    await account.requireEnrolled(admin.id);
    if (intent === "totp-remove") {
      await mfa.removeTotp(admin, proofOf(form), meta);
      return { message: "The authenticator app was removed." };
    }
    if (intent === "recovery-codes") {
      const codes = await mfa.regenerateRecoveryCodes(admin, proofOf(form), meta);
      return { message: "New recovery codes made; the old ones no longer work.", value: { recovery_codes: codes } };
    }
    const { id } = readForm(form, IntIdParamSchema);
    await passkeys.remove(admin, id, proofOf(form), meta);
    return { message: "Passkey removed." };
  });
}
