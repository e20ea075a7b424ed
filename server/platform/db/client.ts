import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { Assume } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { AppPGlite } from "./app-pglite";
import type { QueryTimer } from "./query-timer";
import * as schema from "./schema";
import { TimedPool } from "./timed-pool";

/**
 * What a raw statement answers on either driver: pg's `QueryResult` and PGlite's `Results` both
 * carry `rows`; the count of changed rows is `rowCount` on pg and `affectedRows` on PGlite.
 */
type BothDriversResult<Row> = { rows: Row[]; rowCount?: number | null; affectedRows?: number };

export interface BothDriversResultHKT extends PgQueryResultHKT {
  type: BothDriversResult<Assume<this["row"], Record<string, unknown>>>;
}

/**
 * The database on either driver, or a transaction on it: drizzle's PGlite and node-postgres
 * databases and their transactions are all assignable to it, so no call site casts, and
 * `execute<Row>()` answers typed `rows`.
 */
export type Db = PgDatabase<BothDriversResultHKT, typeof schema>;

/** What a function that only runs raw SQL takes: the database or a transaction on it. */
export type Executor = Pick<Db, "execute">;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** The pg pool, when on PostgreSQL (migrations need one dedicated connection). */
  pool?: pg.Pool;
  /** The PGlite instance, when embedded (drizzle's PGlite migrator takes its own database type). */
  pglite?: PGlite;
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
  const db: Db = drizzlePglite(client, { schema });
  return {
    db,
    kind: "pglite",
    pglite: client,
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
  const db: Db = drizzlePg(pool, { schema });
  return {
    db,
    kind: "postgres",
    pool,
    ping: async () => void (await pool.query("select 1")),
    timeQueries: (timer) => void (pool.timer = timer),
    close: () => pool.end(),
  };
}
