import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { licenceMachines, licences, orders } from "../../platform/db/schema";
import { ConflictError, NotFoundError } from "../../platform/errors";

/** A licence as an admin change leaves it. */
export type LicenceState = { id: number; orderId: number; expiresAt: string; revokedAt: string | null };

const returned = { id: licences.id, orderId: licences.orderId, expiresAt: licences.expiresAt, revokedAt: licences.revokedAt };
const state = (r: { id: number; orderId: number; expiresAt: Date; revokedAt: Date | null }): LicenceState => ({
  id: r.id,
  orderId: r.orderId,
  expiresAt: r.expiresAt.toISOString(),
  revokedAt: r.revokedAt?.toISOString() ?? null,
});

async function mustExist(db: Db, licenceId: number): Promise<void> {
  const rows = await db.select({ id: licences.id }).from(licences).where(eq(licences.id, licenceId));
  if (!rows.length) throw new NotFoundError("There is no such licence.");
}

/**
 * Revokes a licence: its key stops validating at once (validation reads revoked_at on every call).
 * The conditional UPDATE decides between two admins revoking at once: one wins, the other gets 409.
 */
export async function revokeLicence(db: Db, licenceId: number, at: Date): Promise<LicenceState> {
  const rows = await db
    .update(licences)
    .set({ revokedAt: at })
    .where(and(eq(licences.id, licenceId), isNull(licences.revokedAt)))
    .returning(returned);
  if (rows.length) return state(rows[0]);
  await mustExist(db, licenceId);
  throw new ConflictError("This licence is revoked already.");
}

/** Undoes a revocation: the key validates again (if its term has not ended). 409 when it is not revoked. */
export async function restoreLicence(db: Db, licenceId: number): Promise<LicenceState> {
  const rows = await db
    .update(licences)
    .set({ revokedAt: null })
    .where(and(eq(licences.id, licenceId), isNotNull(licences.revokedAt)))
    .returning(returned);
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
  const rows = await db
    .update(licences)
    .set({ expiresAt: sql`${licences.expiresAt} + make_interval(months => ${months})` })
    .where(eq(licences.id, licenceId))
    .returning(returned);
  if (!rows.length) throw new NotFoundError("There is no such licence.");
  const licence = state(rows[0]);
  await db
    .update(orders)
    .set({
      expiresAt: rows[0].expiresAt,
      status: sql`case when ${orders.status} = 'expired' and ${licence.expiresAt}::timestamptz > ${at.toISOString()}::timestamptz
        then (case when exists (select 1 from ${licenceMachines} where ${licenceMachines.licenceId} = ${licenceId}) then 'active' else 'placed' end)
        else ${orders.status} end`,
    })
    .where(eq(orders.id, licence.orderId));
  return licence;
}
