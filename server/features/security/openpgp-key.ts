import { readFileSync } from "node:fs";
import * as openpgp from "openpgp";
import type { NewSigningKey, SigningKeys } from "../../platform/secrets/signing-keys";

/** The key security.txt is signed with: the private key object and its armoured public half. */
export type OpenPgpSigner = { fingerprint: string; publicKey: string; privateKey: openpgp.PrivateKey };

/**
 * A new OpenPGP key for security.txt. Ed25519 in the v4 "EdDSA legacy" encoding, not RFC 9580's v6
 * one: the gpg that researchers have (2.2, 2.4) verifies only the former. The key id is the fingerprint.
 */
export async function makeOpenPgpKey(userId: { name: string; email: string }): Promise<NewSigningKey> {
  const { privateKey, publicKey } = await openpgp.generateKey({
    type: "ecc",
    curve: "curve25519Legacy",
    userIDs: [userId],
    format: "armored",
  });
  const key = await openpgp.readPrivateKey({ armoredKey: privateKey });
  return { keyId: key.getFingerprint().toUpperCase(), algorithm: "ed25519", publicKey, secret: privateKey };
}

async function signerOf(armoredKey: string): Promise<OpenPgpSigner> {
  const privateKey = await openpgp.readPrivateKey({ armoredKey });
  if (!privateKey.isDecrypted())
    throw new Error("SECURITY_PGP_PRIVATE_KEY_FILE holds a passphrase-protected key: export it without a passphrase.");
  return { fingerprint: privateKey.getFingerprint().toUpperCase(), publicKey: privateKey.toPublic().armor(), privateKey };
}

/**
 * The current signer: the key of SECURITY_PGP_PRIVATE_KEY_FILE when it is set (read once, at start,
 * so a missing file stops the server), else the store's current `openpgp` key, made at first use.
 */
export function openPgpKeySource(deps: { signingKeys: SigningKeys; keyFile?: string; userId: { name: string; email: string } }) {
  const given = deps.keyFile ? signerOf(readFileSync(deps.keyFile, "utf8")) : null;
  // Keep a rejected promise from being reported as unhandled before the first request asks for it.
  given?.catch(() => undefined);
  let parsed: { keyId: string; signer: Promise<OpenPgpSigner> } | null = null;
  return async function current(): Promise<OpenPgpSigner> {
    if (given) return given;
    const stored = await deps.signingKeys.current("openpgp", () => makeOpenPgpKey(deps.userId));
    if (parsed?.keyId !== stored.keyId) parsed = { keyId: stored.keyId, signer: signerOf(stored.secret) };
    return parsed.signer;
  };
}
