import { and, desc, eq, isNull } from "drizzle-orm";
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import type { Db } from "../db/client";
import { signingKeys } from "../db/schema";
import type { SecretBox } from "./secret-box";

/**
 * The keys the server signs with, one current key per purpose, made at first use and kept in
 * `signing_keys` (secret sealed with the secrets key). Each area owns the format of what it signs
 * (docs/decisions/103-signing-keys.md); this module only keeps the keys.
 */
export type SigningKeyPurpose = "licence" | "release" | "openpgp";

/** A key's public facts: what the admin's Security screen and the published key files show. */
export type PublicSigningKey = {
  keyId: string;
  purpose: SigningKeyPurpose;
  algorithm: string;
  publicKey: string;
  createdAt: Date;
  retiredAt: Date | null;
};

/** A key made by its area: `publicKey` and `secret` are text in the area's own format. */
export type NewSigningKey = { keyId: string; algorithm: string; publicKey: string; secret: string };

export type CurrentSigningKey = PublicSigningKey & { secret: string };

/** An Ed25519 key ready to sign: `publicKeyRaw` is the 32-byte public key. */
export type Ed25519Signer = PublicSigningKey & { publicKeyRaw: Buffer; sign(data: Uint8Array): Buffer };

// Another instance's rotation reaches this one within this time; until then the old key, still
// trusted, signs.
const CURRENT_KEY_TTL_MS = 30_000;

const toPublic = (row: typeof signingKeys.$inferSelect): PublicSigningKey => ({
  keyId: row.keyId,
  purpose: row.purpose,
  algorithm: row.algorithm,
  publicKey: row.publicKey,
  createdAt: row.createdAt,
  retiredAt: row.retiredAt,
});

/** A new Ed25519 key: the key id is 8 random bytes in hex (minisign's key id is 8 bytes too). */
export function makeEd25519Key(): NewSigningKey {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  return {
    keyId: randomBytes(8).toString("hex").toUpperCase(),
    algorithm: "ed25519",
    publicKey: rawEd25519PublicKey(publicKey).toString("base64"),
    secret: privateKey.export({ format: "der", type: "pkcs8" }).toString("base64"),
  };
}

/** The 32 raw bytes of an Ed25519 public key (the last 32 bytes of its SPKI encoding). */
export function rawEd25519PublicKey(key: KeyObject): Buffer {
  return key.export({ format: "der", type: "spki" }).subarray(-32);
}

/** An Ed25519 public key object from its 32 raw bytes (SPKI prefix of RFC 8410). */
export function ed25519PublicKeyFromRaw(raw: Buffer): KeyObject {
  const prefix = Buffer.from("302a300506032b6570032100", "hex");
  return createPublicKey({ key: Buffer.concat([prefix, raw]), format: "der", type: "spki" });
}

export function createSigningKeys({ db, box, now = () => new Date() }: { db: Db; box: SecretBox; now?: () => Date }) {
  const cache = new Map<SigningKeyPurpose, { at: number; key: Promise<CurrentSigningKey> }>();

  async function readCurrent(purpose: SigningKeyPurpose): Promise<CurrentSigningKey | null> {
    const [row] = await db
      .select()
      .from(signingKeys)
      .where(and(eq(signingKeys.purpose, purpose), isNull(signingKeys.retiredAt)))
      .limit(1);
    if (!row?.secretEnc) return null;
    return { ...toPublic(row), secret: box.open(row.secretEnc).plaintext };
  }

  async function loadOrMake(purpose: SigningKeyPurpose, make: () => NewSigningKey | Promise<NewSigningKey>): Promise<CurrentSigningKey> {
    const existing = await readCurrent(purpose);
    if (existing) return existing;
    const made = await make();
    // Two instances starting at once both make a key; the unique index keeps the first one stored.
    await db
      .insert(signingKeys)
      .values({ ...made, purpose, secretEnc: box.seal(made.secret), createdAt: now() })
      .onConflictDoNothing();
    const stored = await readCurrent(purpose);
    if (!stored) throw new Error(`No current ${purpose} signing key could be stored.`);
    return stored;
  }

  /** The current key of a purpose, made (with `make`) and stored on first use. */
  function current(purpose: SigningKeyPurpose, make: () => NewSigningKey | Promise<NewSigningKey>): Promise<CurrentSigningKey> {
    const cached = cache.get(purpose);
    if (cached && Date.now() - cached.at < CURRENT_KEY_TTL_MS) return cached.key;
    const key = loadOrMake(purpose, make);
    cache.set(purpose, { at: Date.now(), key });
    key.catch(() => cache.delete(purpose));
    return key;
  }

  /** The current Ed25519 key of a purpose as a signer. */
  async function ed25519(purpose: "licence" | "release"): Promise<Ed25519Signer> {
    const key = await current(purpose, makeEd25519Key);
    const privateKey = createPrivateKey({ key: Buffer.from(key.secret, "base64"), format: "der", type: "pkcs8" });
    const { secret: _secret, ...facts } = key;
    return { ...facts, publicKeyRaw: Buffer.from(key.publicKey, "base64"), sign: (data) => sign(null, data, privateKey) };
  }

  /** Every key of a purpose, current and retired, newest first: all still trusted for verification. */
  async function trusted(purpose: SigningKeyPurpose): Promise<PublicSigningKey[]> {
    const rows = await db.select().from(signingKeys).where(eq(signingKeys.purpose, purpose)).orderBy(desc(signingKeys.createdAt));
    return rows.map(toPublic);
  }

  /** Retires the current key and stores a new one, in one transaction; the old one stays trusted. */
  async function rotate(purpose: SigningKeyPurpose, make: () => NewSigningKey | Promise<NewSigningKey>): Promise<PublicSigningKey> {
    const made = await make();
    const [row] = await db.transaction(async (tx) => {
      await tx
        .update(signingKeys)
        .set({ retiredAt: now() })
        .where(and(eq(signingKeys.purpose, purpose), isNull(signingKeys.retiredAt)));
      return tx
        .insert(signingKeys)
        .values({ ...made, purpose, secretEnc: box.seal(made.secret), createdAt: now() })
        .returning();
    });
    cache.delete(purpose);
    return toPublic(row);
  }

  return { current, ed25519, trusted, rotate };
}

export type SigningKeys = ReturnType<typeof createSigningKeys>;
