import { armourLicenceFile, licenceFileSignedBytes, type LicenceFilePayload } from "../../../contract/licence-file";
import type { Ed25519Signer } from "../../platform/secrets/signing-keys";
import type { LicenceRow } from "./licence-row";

export const DEFAULT_FILE_DAYS = 30;
export const MAX_FILE_DAYS = 365;
const DAY_MS = 86_400_000;

/** The key's last group (of its canonical form), as the account page shows it: tells keys apart, useless alone. */
export const keyHint = (canonicalKey: string) => canonicalKey.slice(-5);

/**
 * A signed offline licence file (format and verifier: contract/licence-file.ts). It ends at the
 * licence's term or after `ttlDays`, whichever comes first: a machine that cannot reach us checks
 * in again by a new file, and a revoked licence's files run out.
 */
export function licenceFile(
  signer: Ed25519Signer,
  {
    licence,
    keyHint: hint,
    fingerprint,
    issuedAt,
    ttlDays,
  }: { licence: LicenceRow; keyHint: string; fingerprint: string; issuedAt: Date; ttlDays: number },
): { file: string; payload: LicenceFilePayload } {
  const days = Math.min(Math.max(1, Math.floor(ttlDays)), MAX_FILE_DAYS);
  const expiresMs = Math.min(licence.expires_ms, issuedAt.getTime() + days * DAY_MS);
  const payload: LicenceFilePayload = {
    licence_id: Number(licence.id),
    product_id: licence.product_id,
    version: licence.version,
    key_hint: hint,
    fingerprint,
    machine_limit: licence.machine_limit,
    issued_at: issuedAt.toISOString(),
    expires_at: new Date(expiresMs).toISOString(),
  };
  const enc = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
  const sig = signer.sign(licenceFileSignedBytes(enc)).toString("base64");
  return { file: armourLicenceFile({ enc, sig, alg: "ed25519", kid: signer.keyId }), payload };
}
