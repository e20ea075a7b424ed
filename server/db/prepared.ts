import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Db } from "./client";
import { queryRows } from "./query-rows";

const dialect = new PgDialect();

// As drizzle reads them (node-postgres session): dates, times and intervals stay the server's text,
// so a row is the same whichever way it was read.
const RAW_TEXT = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const types = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    RAW_TEXT.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format ?? "text"),
};

/** Each name's statement text, so one name can never be sent with two texts. */
const texts = new Map<string, string>();

/**
 * The rows of `query`, run on PostgreSQL as the named prepared statement `name`: parsed and planned
 * once per pool connection, then only bound and executed (decision 040: the licence lookup's plan
 * cost more database CPU than running it). `name` must stand for one statement text; the values may
 * change. Inside a transaction, or on PGlite, it runs as a plain query.
 */
export async function preparedRows<T>(db: Pick<Db, "execute">, name: string, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const known = texts.get(name);
  if (known === undefined) texts.set(name, text);
  else if (known !== text) throw new Error(`prepared statement ${name} was given another text`);
  return (await client.query<T & pg.QueryResultRow>({ name, text, values: params, types })).rows;
}
