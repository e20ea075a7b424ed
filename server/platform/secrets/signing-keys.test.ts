import { createPrivateKey, createPublicKey, verify } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/helpers/test-db";
import type { Database } from "../db/client";
import { signingKeys } from "../db/schema";
import { createSecretBox } from "./secret-box";
import { createSigningKeys, ed25519PublicKeyFromRaw, makeEd25519Key } from "./signing-keys";

const box = createSecretBox({ ADMIN_SECRETS_KEY: "11".repeat(32), ADMIN_SECRETS_KEY_OLD: [] });
let database: Database;
beforeAll(async () => void (database = await createTestDatabase()));
afterAll(async () => database.close());

describe("signing keys", () => {
  it("makes one key on first use, even when two instances ask at once, and seals its secret", async () => {
    const [a, b] = await Promise.all([
      createSigningKeys({ db: database.db, box }).ed25519("licence"),
      createSigningKeys({ db: database.db, box }).ed25519("licence"),
    ]);
    expect(a.keyId).toBe(b.keyId);
    expect(a.keyId).toMatch(/^[0-9A-F]{16}$/);
    const rows = await database.db.select().from(signingKeys);
    expect(rows).toHaveLength(1);
    const signature = a.sign(Buffer.from("hello"));
    expect(verify(null, Buffer.from("hello"), ed25519PublicKeyFromRaw(a.publicKeyRaw), signature)).toBe(true);
    // The stored row holds no private key in the clear.
    const pkcs8 = box.open(rows[0].secretEnc ?? "").plaintext;
    expect(rows[0].secretEnc).not.toContain(pkcs8);
  });

  it("rotates to a new key and keeps the old one trusted", async () => {
    const keys = createSigningKeys({ db: database.db, box });
    const before = await keys.ed25519("release");
    const rotated = await keys.rotate("release", makeEd25519Key);
    const after = await keys.ed25519("release");
    expect(after.keyId).toBe(rotated.keyId);
    expect(after.keyId).not.toBe(before.keyId);
    const trusted = await keys.trusted("release");
    expect(trusted.map((k) => k.keyId)).toEqual([after.keyId, before.keyId]);
    expect(trusted[1].retiredAt).not.toBeNull();
    expect(trusted[0]).not.toHaveProperty("secret");
  });

  it("makes Ed25519 keys whose raw public half matches the private key", () => {
    const made = makeEd25519Key();
    const publicKey = createPublicKey(createPrivateKey({ key: Buffer.from(made.secret, "base64"), format: "der", type: "pkcs8" }));
    expect(publicKey.export({ format: "der", type: "spki" }).subarray(-32).toString("base64")).toBe(made.publicKey);
  });
});
