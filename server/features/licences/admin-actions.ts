import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { queryRows } from "../../platform/db/query-rows";
import { licenceMachines, licences, orders } from "../../platform/db/schema";
import { bare } from "../../platform/db/sql-names";
import { ConflictError, NotFoundError } from "../../platform/errors";

/** A licence as an admin change leaves it. */
export type LicenceState = { id: number; orderId: number; expiresAt: string; revokedAt: string | null };

type Row = { id: string; order_id: string; expires_at: string | Date; revoked_at: string | Date | null };
const state = (r: Row): LicenceState => ({
  id: Number(r.id),
  orderId: Number(r.order_id),
  expiresAt: new Date(r.expires_at).toISOString(),
  revokedAt: r.revoked_at == null ? null : new Date(r.revoked_at).toISOString(),
});
const returning = sql`returning ${licences.id}, ${licences.orderId}, ${licences.expiresAt}, ${licences.revokedAt}`;

async function mustExist(db: Db, licenceId: number): Promise<void> {
  const rows = await queryRows<{ id: string }>(db, sql`select ${licences.id} from ${licences} where ${licences.id} = ${licenceId}`);
  if (!rows.length) throw new NotFoundError("There is no such licence.");
}

/**
 * Revokes a licence: its key stops validating at once (validation reads revoked_at on every call).
 * The conditional UPDATE decides between two admins revoking at once: one wins, the other gets 409.
 */
export async function revokeLicence(db: Db, licenceId: number, at: Date): Promise<LicenceState> {
  const rows = await queryRows<Row>(
    db,
    sql`update ${licences} set ${bare(licences.revokedAt)} = ${at.toISOString()}
      where ${licences.id} = ${licenceId} and ${licences.revokedAt} is null ${returning}`,
  );
  if (rows.length) return state(rows[0]);
  await mustExist(db, licenceId);
  throw new ConflictError("This licence is revoked already.");
}

/** Undoes a revocation: the key validates again (if its term has not ended). 409 when it is not revoked. */
export async function restoreLicence(db: Db, licenceId: number): Promise<LicenceState> {
  const rows = await queryRows<Row>(
    db,
    sql`update ${licences} set ${bare(licences.revokedAt)} = null
      where ${licences.id} = ${licenceId} and ${licences.revokedAt} is not null ${returning}`,
  );
  if (rows.length) return state(rows[0]);
  await mustExist(db, licenceId);
  throw new ConflictError("This licence is not revoked.");
}

/**
 * Moves the end of the term `months` later, and the order's with it. An order the expiry job had
 * marked expired whose new end is in the future is paid and current again: active when a machine
 * holds a seat, placed otherwise. Run it in a transaction (both rows change together).
 */
export async function extendLicence(db: Db, licenceId: number, months: number, at: Date): Promise<LicenceState> {
  const rows = await queryRows<Row>(
    db,
    sql`update ${licences} set ${bare(licences.expiresAt)} = ${licences.expiresAt} + make_interval(months => ${months})
      where ${licences.id} = ${licenceId} ${returning}`,
  );
  if (!rows.length) throw new NotFoundError("There is no such licence.");
  const licence = state(rows[0]);
  await db.execute(sql`update ${orders} set ${bare(orders.expiresAt)} = ${licence.expiresAt},
      ${bare(orders.status)} = case when ${orders.status} = 'expired' and ${licence.expiresAt}::timestamptz > ${at.toISOString()}::timestamptz
        then (case when exists (select 1 from ${licenceMachines} where ${licenceMachines.licenceId} = ${licenceId}) then 'active' else 'placed' end)
        else ${orders.status} end
    where ${orders.id} = ${licence.orderId}`);
  return licence;
}
