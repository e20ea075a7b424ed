import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { loadConfig } from "../../server/platform/config";
import { type Database, openPostgres } from "../../server/platform/db/client";
import { openDatabase } from "../../server/platform/db/open";
import { runMigrations } from "../../server/platform/db/migrate";
import { databaseUrl, onServer } from "../../tests/helpers/postgres-server";
import { bench } from "./config";

export type Kind = "pglite" | "postgres";

/** One fresh database for one section: a new PGlite data directory or a new PostgreSQL database. */
export type BenchDb = {
  kind: Kind;
  env: { DATA_DIR?: string; DATABASE_URL?: string };
  /** Opens it from the bench process (for PGlite only while the server is stopped). */
  open(): Promise<Database>;
  drop(): Promise<void>;
};

export async function postgresAvailable(): Promise<string | undefined> {
  if (!bench.postgresUrl) return "BENCH_POSTGRES_URL is empty";
  const client = new pg.Client({ connectionString: bench.postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return undefined;
  } catch (err) {
    return `PostgreSQL at ${new URL(bench.postgresUrl).host} does not answer: ${(err as Error).message}`;
  }
}

export async function freshDb(kind: Kind): Promise<BenchDb> {
  if (kind === "pglite") {
    const dir = mkdtempSync(path.join(tmpdir(), "bench-pglite-"));
    return {
      kind,
      env: { DATA_DIR: dir },
      open: () => openDatabase(loadConfig({ DATA_DIR: dir, LOG_REQUESTS: "false" }), "npm run bench"),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `bench_${randomBytes(6).toString("hex")}`;
  await onServer(bench.postgresUrl, `create database ${name}`);
  const url = databaseUrl(bench.postgresUrl, name);
  return {
    kind,
    env: { DATABASE_URL: url },
    open: async () => {
      const database = openPostgres(url);
      await runMigrations(database);
      return database;
    },
    drop: () => onServer(bench.postgresUrl, `drop database if exists ${name} with (force)`),
  };
}
