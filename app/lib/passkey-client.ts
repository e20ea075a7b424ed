import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { api } from "./api-client";

type Options<T> = { options: T };

/** Asks the browser for a passkey assertion and sends it; resolves once the session cookie is set. */
export async function signInWithPasskey(mfaToken?: string): Promise<void> {
  const { options } = await api<Options<PublicKeyCredentialRequestOptionsJSON>>("/api/admin/login/passkey/options", {
    json: mfaToken ? { mfa_token: mfaToken } : {},
    noReauth: true,
  });
  const response = await startAuthentication({ optionsJSON: options });
  await api("/api/admin/login/passkey", { json: { response }, noReauth: true });
}

/** Creates a passkey on this device for the signed-in admin; the first factor answers recovery codes. */
export async function registerPasskey(name: string): Promise<{ recovery_codes?: string[] }> {
  const { options } = await api<Options<PublicKeyCredentialCreationOptionsJSON>>("/api/admin/mfa/passkeys/options", { json: {} });
  const response = await startRegistration({ optionsJSON: options });
  return api("/api/admin/mfa/passkeys", { json: { response, name: name || undefined } });
}

/** The browser's own words for a cancelled or refused passkey prompt, as a sentence for the admin. */
export function passkeyError(error: unknown): string | null {
  if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError"))
    return "The passkey prompt was cancelled or timed out.";
  return null;
}
