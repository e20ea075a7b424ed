import { verify, type KeyObject } from "node:crypto";
import { ed25519PublicKeyFromRaw } from "../../platform/secrets/signing-keys";

/**
 * minisign's file formats (https://jedisct1.github.io/minisign/), written and checked with
 * node:crypto alone. Only the pre-hashed `ED` signature (Ed25519 over the file's BLAKE2b-512) is
 * made or accepted: it lets the server sign and verify from the hash it computes while an upload
 * streams, never reading the file twice (docs/decisions/104-signed-releases.md).
 */

/** A public key as minisign reads it: the key id as minisign prints it (16 uppercase hex) and the raw key. */
export type MinisignPublicKey = { keyId: string; publicKeyRaw: Buffer };

/** A parsed `.minisig` file. */
export type Minisig = { keyId: string; signature: Buffer; trustedComment: string; globalSignature: Buffer; text: string };

const PUBLIC_KEY_ALG = Buffer.from("Ed");
const PREHASHED_ALG = Buffer.from("ED");
const LEGACY_ALG = Buffer.from("Ed");
const UNTRUSTED = "untrusted comment: ";
const TRUSTED = "trusted comment: ";

// minisign stores the 8 key id bytes little-endian and prints them as one 64-bit number: the id we
// show (and the Security screen lists) is the printed form, so the bytes in a file are its reverse.
export const keyIdBytes = (keyId: string) => Buffer.from(keyId, "hex").reverse();
const keyIdOf = (bytes: Buffer) => Buffer.from(bytes).reverse().toString("hex").toUpperCase();

const strictBase64 = (text: string) => (/^[A-Za-z0-9+/]+={0,2}$/.test(text) ? Buffer.from(text, "base64") : null);

/** The base64 line of a minisign public key (what `minisign -P` takes). */
export const publicKeyLine = (key: MinisignPublicKey) =>
  Buffer.concat([PUBLIC_KEY_ALG, keyIdBytes(key.keyId), key.publicKeyRaw]).toString("base64");

/** A whole public key file, as `minisign -G` writes it. */
export const publicKeyFile = (key: MinisignPublicKey) => `${UNTRUSTED}minisign public key ${key.keyId}\n${publicKeyLine(key)}\n`;

/** Reads a public key from its base64 line (or a whole file: the last non-empty line); null when it is not one. */
export function parsePublicKey(text: string): MinisignPublicKey | null {
  const line = text.trim().split(/\r?\n/).pop()?.trim() ?? "";
  const raw = strictBase64(line);
  if (!raw || raw.length !== 42 || !raw.subarray(0, 2).equals(PUBLIC_KEY_ALG)) return null;
  return { keyId: keyIdOf(raw.subarray(2, 10)), publicKeyRaw: raw.subarray(10) };
}

/** Signs a file's BLAKE2b-512 digest the way `minisign -S` does; `sign` is the Ed25519 signer. */
export function signPrehashed(
  signer: { keyId: string; sign(data: Uint8Array): Buffer },
  blake2b512: Buffer,
  trustedComment: string,
): string {
  if (/[\r\n]/.test(trustedComment)) throw new Error("A trusted comment is one line.");
  const signature = signer.sign(blake2b512);
  const globalSignature = signer.sign(Buffer.concat([signature, Buffer.from(trustedComment)]));
  return [
    `${UNTRUSTED}signature from minisign secret key`,
    Buffer.concat([PREHASHED_ALG, keyIdBytes(signer.keyId), signature]).toString("base64"),
    `${TRUSTED}${trustedComment}`,
    globalSignature.toString("base64"),
    "",
  ].join("\n");
}

/** The trusted comment of a build's signature: when it was signed and what it is. */
export const buildTrustedComment = (b: { signedAtSec: number; filename: string; productId: string; version: string }) =>
  `timestamp:${b.signedAtSec}\tfile:${b.filename}\tproduct:${b.productId}\tversion:${b.version}`;

/** Reads a `.minisig` text; a message saying what is wrong when it is not a pre-hashed minisign signature. */
export function parseMinisig(text: string): Minisig | string {
  const lines = text.replace(/\r\n/g, "\n").trim().split("\n");
  if (lines.length !== 4 || !lines[0].startsWith(UNTRUSTED) || !lines[2].startsWith(TRUSTED)) {
    return "The signature is not a minisign .minisig file (four lines: untrusted comment, signature, trusted comment, global signature).";
  }
  const sig = strictBase64(lines[1].trim());
  const global = strictBase64(lines[3].trim());
  if (!sig || sig.length !== 74 || !global || global.length !== 64) return "The signature's base64 lines are not minisign's.";
  const alg = sig.subarray(0, 2);
  if (alg.equals(LEGACY_ALG)) return "The signature is in minisign's legacy format: sign with minisign 0.11 or later, without -l.";
  if (!alg.equals(PREHASHED_ALG)) return "The signature's algorithm is not minisign's Ed25519.";
  return {
    keyId: keyIdOf(sig.subarray(2, 10)),
    signature: sig.subarray(10),
    trustedComment: lines[2].slice(TRUSTED.length),
    globalSignature: global,
    text: `${lines.map((l) => l.trimEnd()).join("\n")}\n`,
  };
}

const keyObjects = new WeakMap<Buffer, KeyObject>();
const keyObject = (raw: Buffer) => keyObjects.get(raw) ?? keyObjects.set(raw, ed25519PublicKeyFromRaw(raw)).get(raw)!;

/** Whether the trusted comment is this key's (the global signature); the file is not looked at. */
export const verifiesComment = (sig: Minisig, key: MinisignPublicKey) =>
  sig.keyId === key.keyId &&
  verify(null, Buffer.concat([sig.signature, Buffer.from(sig.trustedComment)]), keyObject(key.publicKeyRaw), sig.globalSignature);

/** Whether the signature is this key's over a file of this BLAKE2b-512 digest, trusted comment included. */
export const verifiesFile = (sig: Minisig, key: MinisignPublicKey, blake2b512: Buffer) =>
  verifiesComment(sig, key) && verify(null, blake2b512, keyObject(key.publicKeyRaw), sig.signature);
