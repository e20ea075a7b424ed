import type { MfaMethod } from "../../contract/identity";
import type { FormResult } from "./form-result";
import { safeNext } from "./safe-next";

/** The second step the password step opened: its one-time proof, the factors on offer, the one shown. */
export type SecondStep = { mfaToken: string; methods: MfaMethod[]; mode: "totp" | "recovery" };

/** What stays on the login page between posts: the second step, the e-mail typed, where to go once signed in. */
export type LoginState = {
  /** Keeps the second-step form on screen. */
  secondStep?: SecondStep;
  /** The e-mail of a refused password step, for the form drawn again. */
  email?: string;
  next?: string;
};

/**
 * What the login page's action answers (app/routes/admin/login.server.ts), the one page-action result,
 * with JavaScript (a fetcher's data) or without (the page re-rendered with it). A signed-in answer is
 * the server's redirect; with JavaScript the page's clientAction turns it into `next`, so the success
 * sentence shows before the page moves on. The page makes answers of this type itself too (a passkey).
 */
export type LoginAnswer = FormResult<LoginState>;

export const LOGIN_SUCCESS = "Login successful!";

/**
 * The login page's clientAction around its server action: the signed-in redirect becomes `next`,
 * so the page shows its success sentence first and then moves on, as the original site's login does.
 */
export async function signedInAnswer(serverAction: () => Promise<unknown>): Promise<LoginAnswer> {
  try {
    return (await serverAction()) as LoginAnswer;
  } catch (error) {
    const location = error instanceof Response && error.status >= 300 && error.status < 400 ? error.headers.get("Location") : null;
    if (location) return { ok: true, message: LOGIN_SUCCESS, value: { next: safeNext(location) } };
    throw error;
  }
}
