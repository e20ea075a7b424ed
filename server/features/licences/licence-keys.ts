import { type KeyObject, createCipheriv, createDecipheriv, createHmac, createSecretKey, randomBytes, randomInt } from "node:crypto";

// Crockford's base32: no I, L, O or U, so a key read aloud or typed from paper stays unambiguous.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const GROUPS = 6;
const GROUP_LENGTH = 5;
/** 30 characters of 5 bits: 150 random bits (at least 128, so keys cannot be guessed). */
export const LICENCE_KEY_BITS = GROUPS * GROUP_LENGTH * 5;
const PREFIX = "ONI";

/** A new key such as ONI-7K2QD-9XH4M-PZ3RT-WB8NC-QF6JA-2MV5E; unbiased (crypto.randomInt). */
export function newLicenceKey(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = "";
    for (let i = 0; i < GROUP_LENGTH; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return [PREFIX, ...groups].join("-");
}

const AS_ISSUED = new RegExp(`^${PREFIX}(?:-[${ALPHABET}]{${GROUP_LENGTH}}){${GROUPS}}$`);

/**
 * The key's 30 characters as typed by a person: case, dashes and spaces ignored, O read as 0 and
 * I/L as 1 (Crockford). null when it cannot be a key, so lookups of junk cost no query.
 */
export function canonicalLicenceKey(typed: string): string | null {
  // The form the store hands out, as tools send it on every validation: only the dashes to drop.
  if (AS_ISSUED.test(typed)) return typed.slice(PREFIX.length + 1).replaceAll("-", "");
  let body = typed.toUpperCase().replace(/[\s-]/g, "");
  if (body.startsWith(PREFIX)) body = body.slice(PREFIX.length);
  body = body.replace(/O/g, "0").replace(/[IL]/g, "1");
  if (body.length !== GROUPS * GROUP_LENGTH) return null;
  for (const ch of body) if (!ALPHABET.includes(ch)) return null;
  return body;
}

/** The lookup hash stored in licences.key_hash: HMAC-SHA256 keyed with the licence secret. */
export function licenceKeyHash(secret: string, canonical: string): string {
  return createHmac("sha256", hmacKey(secret)).update(`licence-key:${canonical}`).digest("hex");
}

// The secret as a key object, made once: createHmac with a string imports the key on every call,
// which cost about as much as the hash itself on the validation hot path (decision 053).
let lastKey: { secret: string; key: KeyObject } | undefined;
function hmacKey(secret: string): KeyObject {
  if (lastKey?.secret !== secret) lastKey = { secret, key: createSecretKey(Buffer.from(secret, "utf8")) };
  return lastKey.key;
}

// Derived once per secret, as hmacKey above: the account page opens 50 keys per answer for their hints.
let lastEncryptionKey: { secret: string; key: KeyObject } | undefined;
function encryptionKey(secret: string): KeyObject {
  if (lastEncryptionKey?.secret !== secret)
    lastEncryptionKey = { secret, key: createSecretKey(createHmac("sha256", secret).update("licence-key-encryption").digest()) };
  return lastEncryptionKey.key;
}

/** AES-256-GCM: iv(12) | tag(16) | ciphertext, base64url. The key can be shown again (receipt, e-mail). */
export function encryptLicenceKey(secret: string, key: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(secret), iv);
  const data = Buffer.concat([cipher.update(key, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64url");
}

export function decryptLicenceKey(secret: string, stored: string): string {
  const raw = Buffer.from(stored, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(secret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}
