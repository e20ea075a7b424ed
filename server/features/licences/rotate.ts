import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { queryRows } from "../../platform/db/query-rows";
import { licenceMachines, licences } from "../../platform/db/schema";
import { bare } from "../../platform/db/sql-names";
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
  tx: Pick<Db, "execute">,
  secret: string,
  licence: { id: number; replacing: string; requested: Date; at: Date },
): Promise<string | null> {
  const key = newLicenceKey();
  const hash = licenceKeyHash(secret, canonicalLicenceKey(key) as string);
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update ${licences} set ${bare(licences.keyHash)} = ${hash}, ${bare(licences.keyEncrypted)} = ${encryptLicenceKey(secret, key)},
        ${bare(licences.keyReplacedAt)} = ${licence.at.toISOString()}
      where ${licences.id} = ${licence.id} and ${licences.keyHash} = ${licence.replacing} and ${licences.revokedAt} is null
        and (${licences.keyReplacedAt} is null or ${licences.keyReplacedAt} < ${licence.requested.toISOString()}::timestamptz)
      returning ${licences.id}`,
  );
  if (!rows.length) return null;
  await tx.execute(sql`delete from ${licenceMachines} where ${licenceMachines.licenceId} = ${licence.id}`);
  return key;
}
