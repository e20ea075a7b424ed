import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import { AppPGlite } from "./app-pglite";
import type { QueryTimer } from "./query-timer";
import * as schema from "./schema";
import { TimedPool } from "./timed-pool";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** The pg pool, when on PostgreSQL (migrations need one dedicated connection). */
  pool?: pg.Pool;
  /** Embedded database only: a consistent gzipped tarball of its data directory (a backup). */
  dump?(): Promise<Uint8Array>;
  /** Runs `select 1`; used by /readyz. */
  ping(): Promise<void>;
  /** Times the database calls from now on (GET /metrics). */
  timeQueries?(timer: QueryTimer): void;
  close(): Promise<void>;
};

/** Embedded PostgreSQL (PGlite). `dataDir` undefined = in memory (tests). */
export async function openPglite(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  const client = await AppPGlite.open(dataDir, options.loadDataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    // Taken between queries (PGlite runs one at a time), so a crash-consistent image of the files.
    dump: async () => new Uint8Array(await (await client.dumpDataDir("gzip")).arrayBuffer()),
    ping: async () => void (await client.query("select 1")),
    timeQueries: (timer) => void (client.timer = timer),
    close: () => client.close(),
  };
}

/** A PostgreSQL server. `searchPath` isolates test schemas. */
export function openPostgres(url: string, opts: { searchPath?: string; max?: number } = {}): Database {
  const pool = new TimedPool({
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
    timeQueries: (timer) => void (pool.timer = timer),
    close: () => pool.end(),
  };
}
