import { createPublicKey, verify, type KeyObject } from "node:crypto";

/*
 * Offline licence files and signed licence answers: the format, and the reference verifier for
 * clients, with node:crypto alone (docs/decisions/105-signed-licences.md).
 *
 * A licence file is
 *   -----BEGIN LICENCE FILE-----
 *   <base64 of {"enc","sig","alg":"ed25519","kid"}>
 *   -----END LICENCE FILE-----
 * where `enc` is base64url of the JSON payload and `sig` the base64 Ed25519 signature of the bytes
 * `licence/<enc>`. A licence answer (validate, activate, deactivate) carries
 *   Licence-Signature: keyid="…", algorithm="ed25519", signature="<base64>"
 * over the bytes `date: <the Date header>\n<the exact body>`.
 */

export const LICENCE_FILE_BEGIN = "-----BEGIN LICENCE FILE-----";
export const LICENCE_FILE_END = "-----END LICENCE FILE-----";

export type LicenceFilePayload = {
  licence_id: number;
  product_id: string;
  version: string;
  key_hint: string;
  fingerprint: string;
  machine_limit: number;
  issued_at: string;
  expires_at: string;
};

export type LicenceFileEnvelope = { enc: string; sig: string; alg: "ed25519"; kid: string };

/** A trusted public key as GET /api/licenses/public-key lists it: `public_key` is the raw 32 bytes, base64. */
export type LicencePublicKey = { key_id: string; public_key: string };

/** What a client allows between its clock and an answer's Date header. */
export const ANSWER_CLOCK_SKEW_MS = 5 * 60_000;

export const licenceFileSignedBytes = (enc: string) => Buffer.from(`licence/${enc}`, "utf8");
export const licenceAnswerSignedBytes = (date: string, body: string | Uint8Array) =>
  Buffer.concat([Buffer.from(`date: ${date}\n`, "utf8"), typeof body === "string" ? Buffer.from(body, "utf8") : Buffer.from(body)]);

/** The armoured text of a signed envelope. */
export function armourLicenceFile(envelope: LicenceFileEnvelope): string {
  const inner = Buffer.from(JSON.stringify(envelope), "utf8").toString("base64");
  return `${LICENCE_FILE_BEGIN}\n${inner}\n${LICENCE_FILE_END}\n`;
}

const SPKI_ED25519_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

function publicKeyOf(raw: string): KeyObject | null {
  const bytes = Buffer.from(raw, "base64");
  if (bytes.length !== 32) return null;
  return createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, bytes]), format: "der", type: "spki" });
}

function verifyWith(keys: readonly LicencePublicKey[], kid: string, data: Buffer, signature: string): boolean {
  const trusted = keys.find((k) => k.key_id === kid);
  const key = trusted && publicKeyOf(trusted.public_key);
  if (!key) return false;
  const sig = Buffer.from(signature, "base64");
  return sig.length === 64 && verify(null, data, key, sig);
}

export type LicenceFileRefusal = "malformed" | "unknown_key" | "bad_signature" | "wrong_fingerprint" | "expired";
export type LicenceFileCheck = { ok: true; payload: LicenceFilePayload; kid: string } | { ok: false; reason: LicenceFileRefusal };

/** The envelope of an armoured licence file, or null when it is not one. */
export function parseLicenceFile(text: string): LicenceFileEnvelope | null {
  const match = /-----BEGIN LICENCE FILE-----\s*([A-Za-z0-9+/=\s]+?)\s*-----END LICENCE FILE-----/.exec(text);
  if (!match) return null;
  try {
    const env = JSON.parse(Buffer.from(match[1].replace(/\s+/g, ""), "base64").toString("utf8")) as Partial<LicenceFileEnvelope>;
    if (typeof env.enc !== "string" || typeof env.sig !== "string" || env.alg !== "ed25519" || typeof env.kid !== "string") return null;
    return { enc: env.enc, sig: env.sig, alg: env.alg, kid: env.kid };
  } catch {
    return null;
  }
}

/**
 * Checks a licence file for this machine: a known key id, its signature over `licence/<enc>`, the
 * fingerprint, and that it has not expired. Only a signed payload is read.
 */
export function verifyLicenceFile(
  text: string,
  { keys, fingerprint, now = new Date() }: { keys: readonly LicencePublicKey[]; fingerprint: string; now?: Date },
): LicenceFileCheck {
  const env = parseLicenceFile(text);
  if (!env) return { ok: false, reason: "malformed" };
  if (!keys.some((k) => k.key_id === env.kid)) return { ok: false, reason: "unknown_key" };
  if (!verifyWith(keys, env.kid, licenceFileSignedBytes(env.enc), env.sig)) return { ok: false, reason: "bad_signature" };
  let payload: LicenceFilePayload;
  try {
    payload = JSON.parse(Buffer.from(env.enc, "base64url").toString("utf8")) as LicenceFilePayload;
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (payload.fingerprint !== fingerprint) return { ok: false, reason: "wrong_fingerprint" };
  if (!(Date.parse(payload.expires_at) > now.getTime())) return { ok: false, reason: "expired" };
  return { ok: true, payload, kid: env.kid };
}

/** The three fields of a Licence-Signature header, or null when it is not one. */
export function parseLicenceSignature(header: string): { keyid: string; algorithm: string; signature: string } | null {
  const fields: Record<string, string> = {};
  for (const m of header.matchAll(/(\w+)="([^"]*)"/g)) fields[m[1]] = m[2];
  const { keyid, algorithm, signature } = fields;
  return keyid && algorithm && signature ? { keyid, algorithm, signature } : null;
}

/**
 * Checks a licence answer: its Licence-Signature over `date: <Date>\n<body>` by a trusted key, and
 * its Date within five minutes of this clock (an old answer replayed is refused).
 */
export function verifyLicenceAnswer({
  date,
  body,
  signature,
  keys,
  now = new Date(),
}: {
  date: string | null;
  body: string | Uint8Array;
  signature: string | null;
  keys: readonly LicencePublicKey[];
  now?: Date;
}): boolean {
  const parsed = signature ? parseLicenceSignature(signature) : null;
  if (!date || !parsed || parsed.algorithm !== "ed25519") return false;
  const at = Date.parse(date);
  if (!Number.isFinite(at) || Math.abs(at - now.getTime()) > ANSWER_CLOCK_SKEW_MS) return false;
  return verifyWith(keys, parsed.keyid, licenceAnswerSignedBytes(date, body), parsed.signature);
}
