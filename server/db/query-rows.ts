import type { SQL } from "drizzle-orm";
import type { Db } from "./client";

/** Runs raw SQL and returns its rows; both drivers (PGlite and pg) answer with `{ rows }`. */
export async function queryRows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
