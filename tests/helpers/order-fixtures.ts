import { sql } from "drizzle-orm";
import type { Db } from "../../server/platform/db/client";
import { queryRows } from "../../server/platform/db/query-rows";

/** The id of a product version (throws when unknown). */
export async function versionIdOf(db: Db, productId: string, version: string): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from product_versions where product_id = ${productId} and version = ${version}`,
  );
  if (!rows[0]) throw new Error(`no version ${productId} ${version}`);
  return Number(rows[0].id);
}

type OrderInput = { versionId: number; paymentId: string; email?: string; amountMinor?: number; status?: string; createdAt?: Date };

/** Inserts a paid order straight into the table (the summaries follow through their triggers); returns its id. */
export async function insertOrder(db: Db, o: OrderInput): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into orders (product_version_id, customer_email, customer_name, list_amount_minor, amount_paid_minor, payment_id, status, created_at, paid_at)
        values (${o.versionId}, ${o.email ?? "buyer@example.com"}, 'Buyer', ${o.amountMinor ?? 149900}, ${o.amountMinor ?? 149900},
                ${o.paymentId}, ${o.status ?? "placed"}, ${(o.createdAt ?? new Date()).toISOString()}, ${(o.createdAt ?? new Date()).toISOString()})
        returning id`,
  );
  return Number(rows[0].id);
}
