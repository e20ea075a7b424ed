import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A fresh, empty database on the TEST_DATABASE_URL server for one process-level check (the spawned
 * server applies the migrations itself, as in production). Locally, without TEST_DATABASE_URL, the
 * PostgreSQL checks are skipped; in CI (CI set) a missing TEST_DATABASE_URL fails them instead.
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;
export const skipPostgres = !testDatabaseUrl && !process.env.CI;

export interface ScratchDatabase {
  url: string;
  /** Runs one query on the scratch database and returns its rows. */
  query<T>(sql: string): Promise<T[]>;
  drop(): Promise<void>;
}

export async function createScratchDatabase(purpose: string): Promise<ScratchDatabase> {
  if (!testDatabaseUrl) throw new Error("TEST_DATABASE_URL is not set: CI must run the reliability suite against PostgreSQL too.");
  const name = `relproc_${purpose}_${randomBytes(5).toString("hex")}`;
  await onDatabase(testDatabaseUrl, `create database ${name}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    query: <T>(sql: string) => onDatabase<T>(url.toString(), sql),
    drop: async () => void (await onDatabase(testDatabaseUrl, `drop database if exists ${name} with (force)`)),
  };
}

async function onDatabase<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}
