import type { SQL } from "drizzle-orm";
import type { Db } from "./client";

/** Runs raw SQL and returns its rows; both drivers (PGlite and pg) answer with `{ rows }`. */
export async function queryRows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A timestamptz column as read raw: text through queryRows (as drizzle reads it); a Date is taken as it is. */
export const asDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(value as string);

/** A timestamp column's value as the API's ISO 8601 text (null stays null). */
export const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());
