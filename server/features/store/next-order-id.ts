import { getTableName, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { queryRows } from "../../platform/db/query-rows";
import { orders } from "../../platform/db/schema";
import { nameLiteral } from "../../platform/db/sql-names";

/** The one row of `nextval`: bigint, which pg reads as text. */
export type NextOrderIdRow = { id: string | number };

/**
 * An order's id taken before its row is written (the provider's receipt and the access token are
 * derived from it).
 */
export async function nextOrderId(db: Executor): Promise<number> {
  // Raw SQL (decision 114): a sequence function's call, which the builder writes only with a FROM.
  const [row] = await queryRows<NextOrderIdRow>(
    db,
    sql`select nextval(pg_get_serial_sequence(${nameLiteral(getTableName(orders))}, ${nameLiteral(orders.id.name)})) as id`,
  );
  return Number(row.id);
}
