import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import type { Config } from "../../platform/config";

/**
 * AES-256-GCM for secrets kept at rest (TOTP seeds), decision 018. A box names the key that sealed
 * it (the first bytes of the key's SHA-256), so a rotated key still opens old boxes and the caller
 * re-seals them with the current key on their next use.
 */
export type SecretBox = {
  seal(plaintext: string): string;
  /** The plaintext, and whether it was sealed with a previous key (re-seal it). */
  open(box: string): { plaintext: string; stale: boolean };
};

export function parseSecretsKey(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
  if (key.length !== 32) throw new Error("An admin secrets key must be 32 bytes (base64 or 64 hex digits).");
  return key;
}

const keyId = (key: Buffer) => createHash("sha256").update(key).digest("hex").slice(0, 8);

// Tests and a server that never resolved a key file share one key per process, so two app
// instances of one test on one database can read each other's boxes.
let ephemeral: Buffer | undefined;

export function createSecretBox(config: Pick<Config, "ADMIN_SECRETS_KEY" | "ADMIN_SECRETS_KEY_OLD">): SecretBox {
  const current = config.ADMIN_SECRETS_KEY ? parseSecretsKey(config.ADMIN_SECRETS_KEY) : (ephemeral ??= randomBytes(32));
  const keys = new Map<string, Buffer>([[keyId(current), current]]);
  for (const old of config.ADMIN_SECRETS_KEY_OLD ?? []) {
    const key = parseSecretsKey(old);
    if (!keys.has(keyId(key))) keys.set(keyId(key), key);
  }
  const currentId = keyId(current);
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", current, iv);
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return ["v1", currentId, iv.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
    },
    open(box) {
      const [version, id, iv, body, tag] = box.split(".");
      const key = keys.get(id);
      if (version !== "v1" || !key) throw new Error("This secret was sealed with a key that is not configured (ADMIN_SECRETS_KEY).");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      const plaintext = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
      return { plaintext, stale: id !== currentId };
    },
  };
}
