import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { queryRows } from "../../platform/db/query-rows";
import { licenceMachines, licences } from "../../platform/db/schema";
import { bare } from "../../platform/db/sql-names";
import { canonicalLicenceKey, encryptLicenceKey, licenceKeyHash, newLicenceKey } from "./licence-keys";

/**
 * Replaces a licence's key (a leaked key) and releases its machines, in the caller's transaction.
 * The UPDATE takes the licence row's lock first: an activation of the old key (licences.ts locks the
 * row by its key hash, FOR UPDATE) either finished before, and its seat is deleted by the DELETE that
 * follows in this transaction, or waits and then finds no row with the old hash. Null when the
 * licence does not exist or is revoked.
 */
export async function rotateLicenceKey(tx: Pick<Db, "execute">, secret: string, licenceId: number): Promise<string | null> {
  const key = newLicenceKey();
  const hash = licenceKeyHash(secret, canonicalLicenceKey(key) as string);
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update ${licences} set ${bare(licences.keyHash)} = ${hash}, ${bare(licences.keyEncrypted)} = ${encryptLicenceKey(secret, key)}
      where ${licences.id} = ${licenceId} and ${licences.revokedAt} is null returning ${licences.id}`,
  );
  if (!rows.length) return null;
  await tx.execute(sql`delete from ${licenceMachines} where ${licenceMachines.licenceId} = ${licenceId}`);
  return key;
}
