import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Db } from "./client";
import { pglitePreparedRows } from "./pglite-prepared";
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
 * change. On PGlite likewise, once per instance (decision 075). Inside a transaction it runs as a
 * plain query.
 */
export function preparedRows<T>(db: Pick<Db, "execute">, name: string, query: SQL): Promise<T[]> {
  return runPrepared<T>(db, query, (text) => {
    const known = texts.get(name);
    if (known === undefined) texts.set(name, text);
    else if (known !== text) throw new Error(`prepared statement ${name} was given another text`);
    return name;
  });
}

/** On PostgreSQL outside a transaction, `query` as the named statement `nameOf(its text)`; otherwise a plain query. */
async function runPrepared<T>(
  db: Pick<Db, "execute">,
  query: SQL,
  nameOf: (text: string) => string,
  options: { generic?: boolean } = {},
): Promise<T[]> {
  // A transaction's handle has no $client: its statements run as plain queries on its connection.
  const client = (db as unknown as { $client?: unknown }).$client;
  const onPool = client instanceof pg.Pool;
  if (!onPool && !(client instanceof PGlite)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (!onPool) return pglitePreparedRows<T>(client as PGlite, nameOf(text), text, params, options);
  return (await client.query<T & pg.QueryResultRow>({ name: nameOf(text), text, values: params, types })).rows;
}

/** Each statement text's name, for the statements named by their text. */
const namesOfTexts = new Map<string, string>();

/**
 * As preparedRows, for a statement whose text depends on which filters are given (an admin list):
 * each text gets its own name, `${prefix}_` and a hash of the text, so the few shapes a list can
 * take are each prepared once per pool connection.
 */
export function preparedRowsByText<T>(
  db: Pick<Db, "execute">,
  prefix: string,
  query: SQL,
  /** On PGlite, always run the generic plan (pglitePreparedRows; decision 079). */
  options: { generic?: boolean } = {},
): Promise<T[]> {
  return runPrepared<T>(
    db,
    query,
    (text) => {
      let name = namesOfTexts.get(text);
      if (name === undefined) {
        name = `${prefix}_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
        namesOfTexts.set(text, name);
      }
      return name;
    },
    options,
  );
}

/** A timestamptz column as read raw: text through preparedRows (as drizzle reads it); a Date is taken as it is. */
export const asDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(value as string);
