import { createHmac, timingSafeEqual } from "node:crypto";

/** A download link lives this long; a resumed download asks for a new one after it. */
export const DOWNLOAD_LINK_SECONDS = 5 * 60;

export type DownloadClaim = { artifactId: number; licenceId: number; expiresSec: number };

/** The signing key, derived from the licence secret so no new secret has to be kept. */
export const downloadKey = (licenceSecret: string) => createHmac("sha256", licenceSecret).update("download-link").digest();

const mac = (key: Buffer, payload: string) => createHmac("sha256", key).update(`dl:${payload}`).digest("base64url");

/** `<artifact>.<licence>.<expiry seconds>.<HMAC>`; licence 0 for a free build. */
export function signDownload(key: Buffer, claim: DownloadClaim): string {
  const payload = `${claim.artifactId}.${claim.licenceId}.${claim.expiresSec}`;
  return `${payload}.${mac(key, payload)}`;
}

/** The claim when the token is well formed and its HMAC matches; null otherwise (expiry not checked). */
export function verifyDownload(key: Buffer, token: string): DownloadClaim | null {
  const match = /^(\d{1,10})\.(\d{1,16})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(mac(key, `${match[1]}.${match[2]}.${match[3]}`));
  const given = Buffer.from(match[4]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { artifactId: Number(match[1]), licenceId: Number(match[2]), expiresSec: Number(match[3]) };
}
