import {
  ed25519PublicKeyFromRaw,
  makeEd25519Key,
  type Ed25519Signer,
  type PublicSigningKey,
  type SigningKeys,
} from "../../platform/secrets/signing-keys";

/**
 * The licence key's signer for the licence answers and files (docs/decisions/105-signed-licences.md).
 * The store's current key is read every call (cached there for 30 s); the signer made from it is
 * kept until the key id changes, so an answer does not parse the private key again.
 */
export function createLicenceSigner(signingKeys: SigningKeys) {
  let held: { keyId: string; signer: Promise<Ed25519Signer> } | undefined;
  return async function signer(): Promise<Ed25519Signer> {
    const current = await signingKeys.current("licence", makeEd25519Key);
    if (held?.keyId !== current.keyId) {
      const made = signingKeys.ed25519("licence");
      held = { keyId: current.keyId, signer: made };
      made.catch(() => (held = undefined));
    }
    return held.signer;
  };
}
export type LicenceSigner = ReturnType<typeof createLicenceSigner>;

/** A licence key as GET /api/licenses/public-key lists it. */
export const publishedKey = (k: PublicSigningKey) => ({
  key_id: k.keyId,
  algorithm: "ed25519" as const,
  public_key: k.publicKey,
  created_at: k.createdAt.toISOString(),
  retired_at: k.retiredAt ? k.retiredAt.toISOString() : null,
});

/** The SPKI PEM of a raw Ed25519 public key (base64), as `openssl pkeyutl -pubin` reads it. */
export const ed25519Pem = (publicKeyBase64: string) =>
  ed25519PublicKeyFromRaw(Buffer.from(publicKeyBase64, "base64")).export({ format: "pem", type: "spki" }).toString();
