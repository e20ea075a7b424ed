import { PGlite, types } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** The pg pool, when on PostgreSQL (migrations need one dedicated connection). */
  pool?: pg.Pool;
  /** Runs `select 1`; used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** Embedded PostgreSQL (PGlite). `dataDir` undefined = in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  const client = await PGlite.create(dataDir ? { dataDir } : {});
  // After create: its start-up fills in the array types' parsers, which these replace.
  Object.assign(client.parsers, DRIZZLE_TEXT_TYPES);
  yieldBeforeEachQuery(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    ping: async () => void (await client.query("select 1")),
    close: () => client.close(),
  };
}

const asText = (value: string) => value;
/**
 * drizzle reads dates, times and intervals as the server's text and parses them itself, so it hands
 * PGlite these nine parsers with every query; PGlite then copies its whole parser table (hundreds
 * of types) to merge them in, ~130 µs of a `select 1`'s 300 µs. Given once to the instance instead,
 * and dropped from each query by yieldBeforeEachQuery, the rows are the same.
 */
export const DRIZZLE_TEXT_TYPES: Record<number, (value: string) => string> = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  // Their arrays, and numeric[] (drizzle 0.45's list): numeric[], timestamp[], timestamptz[], interval[], date[].
  1231: asText,
  1115: asText,
  1185: asText,
  1187: asText,
  1182: asText,
};

/** The query's options without its parsers when they are DRIZZLE_TEXT_TYPES' own (which the instance already has). */
function withoutInstanceParsers<O extends { parsers?: Record<number, unknown> }>(options: O | undefined): O | undefined {
  const parsers = options?.parsers;
  if (!parsers || !Object.keys(parsers).every((oid) => oid in DRIZZLE_TEXT_TYPES)) return options;
  const { parsers: _same, ...rest } = options;
  return rest as O;
}

/**
 * PGlite runs each query synchronously on the main thread, and queued queries follow one another
 * as microtasks, so under load the event loop never gets a turn: the bench measured event-loop
 * delay p99 of 200-460 ms with 10 dashboard readers, stalling every other request meanwhile.
 * Waiting for setImmediate before each query lets timers and other sockets in between.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function yieldBeforeEachQuery(client: PGlite): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  client.query = (async (text: string, params?: unknown[], options?: Parameters<typeof query>[2]) => {
    await nextTurn();
    return query(text, params, withoutInstanceParsers(options));
  }) as typeof client.query;
  client.exec = (async (...args: Parameters<typeof exec>) => {
    await nextTurn();
    return exec(...args);
  }) as typeof client.exec;
}

/** A PostgreSQL server. `searchPath` isolates test schemas. */
export function openPostgres(url: string, opts: { searchPath?: string; max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    options: opts.searchPath ? `-c search_path=${opts.searchPath}` : undefined,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", (err) => console.error(JSON.stringify({ level: "error", msg: "pg pool error", error: err.message })));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    pool,
    ping: async () => void (await pool.query("select 1")),
    close: () => pool.end(),
  };
}
