import { randomBytes } from "node:crypto";
import { databaseUrl, onServer, withClient } from "../../helpers/postgres-server";

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
  await onServer(testDatabaseUrl, `create database ${name}`);
  const url = databaseUrl(testDatabaseUrl, name);
  return {
    url,
    query: async <T>(sql: string) => (await withClient(url, (session) => session.query<T>(sql))).rows,
    drop: () => onServer(testDatabaseUrl, `drop database if exists ${name} with (force)`),
  };
}
