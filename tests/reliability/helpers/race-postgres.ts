import { randomBytes } from "node:crypto";
import { type Database, openPostgres } from "../../../server/platform/db/client";
import { runMigrations } from "../../../server/platform/db/migrate";
import { databaseUrl, onServer } from "../../helpers/postgres-server";

/**
 * The PostgreSQL server for the race checks. Skipped on a developer machine without one, but in CI
 * (CI set) a missing TEST_DATABASE_URL fails the run: a race check that never runs proves nothing.
 */
export const pgUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI && !pgUrl) {
  throw new Error("CI must set TEST_DATABASE_URL: the reliability race checks need PostgreSQL (PGlite runs one query at a time).");
}

/**
 * A fresh migrated database `relrace_<hex>` that several pools (app instances) open at once;
 * drop() closes them and drops the database.
 */
export async function sharedPostgres(url: string) {
  const name = `relrace_${randomBytes(6).toString("hex")}`;
  await onServer(url, `create database ${name}`);
  const opened: Database[] = [];
  const open = (max: number): Database => {
    const database = openPostgres(databaseUrl(url, name), { max });
    opened.push(database);
    return database;
  };
  await runMigrations(open(1));
  return {
    name,
    open,
    drop: async () => {
      await Promise.all(opened.map((d) => d.close()));
      await onServer(url, `drop database if exists ${name} with (force)`);
    },
  };
}
