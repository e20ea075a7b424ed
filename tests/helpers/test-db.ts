import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { type Database, openPglite, openPostgres } from "../../server/platform/db/client";
import { runMigrations } from "../../server/platform/db/migrate";
import { leasePgliteCopy } from "./pglite-pool";
import { leasePostgresCopy } from "./postgres-pool";
import { databaseUrl, onServer } from "./postgres-server";

/**
 * A fresh, migrated database owned by one test file: in-memory PGlite, or (TEST_DB=postgres) a
 * database of its own on the TEST_DATABASE_URL server (a database, not a schema: drizzle-kit's
 * migrations name "public" in their foreign keys). Both are copies of the run's template migrated
 * once by tests/helpers/test-db-template.ts, which also drops the PostgreSQL copies when the run
 * ends; either is reused within the worker once its owner closes it, reset to the template's state
 * (tests/helpers/pglite-pool.ts, postgres-pool.ts). Without the template (a config with no
 * globalSetup) the database is migrated here and dropped again by close().
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== "postgres") {
    const template = inject("pgliteTemplate");
    if (template) return leasePgliteCopy(template);
    const database = await openPglite();
    await runMigrations(database);
    return database;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const template = inject("postgresTemplate");
  if (template) return leasePostgresCopy(url, template);
  const name = `test_${randomBytes(6).toString("hex")}`;
  await onServer(url, `create database ${name}`);
  const database = openPostgres(databaseUrl(url, name));
  await runMigrations(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await onServer(url, `drop database if exists ${name} with (force)`);
    },
  };
}
