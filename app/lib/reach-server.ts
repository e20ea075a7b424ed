import type { FormResult } from "./form-result";
import { reauthenticate } from "./reauth";

/** The sentence after a re-login in the session dialog: the form kept what was typed, and is sent again by hand. */
export const SIGNED_IN_AGAIN = "You are signed in again: send the form once more.";

/**
 * A screen's clientAction around its server action (with JavaScript only; a plain post goes to the
 * server action itself). A request that never reached the server (offline, the connection dropped)
 * makes fetch throw a TypeError: the form answers that in its own words, by the form, instead of
 * the screen's error boundary replacing the page the admin was typing in. A session that ended
 * meanwhile (the action's redirect to the login page) first offers the login dialog
 * (app/lib/reauth.ts), as the API client does: after a re-login the form keeps what was typed and
 * says to send it again (the post's body is spent, so it is not repeated by itself); a cancelled
 * dialog follows the redirect to the login page.
 */
export async function reachServer<T>(
  serverAction: () => Promise<T>,
  message = "The server could not be reached.",
): Promise<T | FormResult> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof TypeError) return { ok: false, message, errors: {} };
    if (error instanceof Response && (error.headers.get("Location") ?? "").startsWith("/login") && (await reauthenticate())) {
      return { ok: false, message: SIGNED_IN_AGAIN, errors: {} };
    }
    throw error;
  }
}
