import type { SQL } from "drizzle-orm";
import type { Db } from "./client";

/** Runs raw SQL and returns its rows; both drivers (PGlite and pg) answer with `{ rows }`. */
export async function queryRows<T extends Record<string, unknown>>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  return (await db.execute<T>(query)).rows as T[];
}

/** A timestamptz column as read raw: text through queryRows (as drizzle reads it); a Date is taken as it is. */
export const asDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(value as string);

/** A timestamp column's value as the API's ISO 8601 text (null stays null). */
export const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());
