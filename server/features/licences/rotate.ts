import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { licenceMachines, licences } from "../../platform/db/schema";
import { canonicalLicenceKey, encryptLicenceKey, licenceKeyHash, newLicenceKey } from "./licence-keys";

/**
 * Replaces a licence's key (a leaked key) and releases its machines, in the caller's transaction.
 * Two rotations at once: the UPDATE takes the row lock, so they take turns, and the second finds its
 * condition false and gets null (409), so no browser is left showing a key that no longer works. It
 * is false when the key is no longer the one the caller read (`replacing`), or when it was replaced
 * after the caller's request arrived (`requested`): on a single-connection database the second
 * request may read only after the first committed.
 * The UPDATE also orders rotation against activation: an activation of the old key (licences.ts
 * locks the row by its key hash, FOR UPDATE) either finished before, and its seat is deleted by the
 * DELETE that follows in this transaction, or waits and then finds no row with the old hash. Null
 * when the licence does not exist, is revoked, or its key was replaced meanwhile.
 */
export async function rotateLicenceKey(
  tx: Db,
  secret: string,
  licence: { id: number; replacing: string; requested: Date; at: Date },
): Promise<string | null> {
  const key = newLicenceKey();
  const hash = licenceKeyHash(secret, canonicalLicenceKey(key) as string);
  const rows = await tx
    .update(licences)
    .set({ keyHash: hash, keyEncrypted: encryptLicenceKey(secret, key), keyReplacedAt: licence.at })
    .where(
      and(
        eq(licences.id, licence.id),
        eq(licences.keyHash, licence.replacing),
        isNull(licences.revokedAt),
        or(isNull(licences.keyReplacedAt), lt(licences.keyReplacedAt, licence.requested)),
      ),
    )
    .returning({ id: licences.id });
  if (!rows.length) return null;
  await tx.delete(licenceMachines).where(eq(licenceMachines.licenceId, licence.id));
  return key;
}
