import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openPglite, openPostgres } from "../../server/platform/db/client";
import { runMigrations } from "../../server/platform/db/migrate";

/**
 * A fresh, migrated database owned by one test file: in-memory PGlite, or (TEST_DB=postgres) a
 * database of its own on the TEST_DATABASE_URL server, dropped again by close(). (A database, not
 * a schema: drizzle-kit's migrations name "public" in their foreign keys.) Both are copies of the
 * run's template migrated once by tests/helpers/test-db-template.ts; without it (a config with no
 * globalSetup) the database is migrated here.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== "postgres") {
    const template = inject("pgliteTemplate");
    if (template) return openPglite(undefined, { loadDataDir: new Blob([readFileSync(template)]) });
    const database = await openPglite();
    await runMigrations(database);
    return database;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const template = inject("postgresTemplate");
  await onServer(url, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = openPostgres(dbUrl.toString());
  if (!template) await runMigrations(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await onServer(url, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Runs one statement on the server of `url` (create/drop database). */
export async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
