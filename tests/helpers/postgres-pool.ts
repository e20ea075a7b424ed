import { randomBytes } from "node:crypto";
import { type Database, openPostgres } from "../../server/platform/db/client";
import { databaseUrl, withClient } from "./postgres-server";
import { type Baseline, readBaseline, resetToBaseline } from "./test-db-reset";

/**
 * The unit suite's PostgreSQL copies of the run's template, kept for reuse within one Vitest worker
 * as tests/helpers/pglite-pool.ts keeps PGlite's: a CREATE DATABASE ... TEMPLATE took about 140 ms
 * of the server's time per test file, and each copy was one more database to drop when the run ends.
 * When the owner closes its connection pool the database is reset over one connection of its own
 * (tests/helpers/test-db-reset.ts); a database that cannot be reset is left for the run's teardown
 * to drop, as every copy is named after the run (tests/helpers/test-db-template.ts).
 */
const idle: PooledDatabase[] = [];

type PooledDatabase = { url: string; baseline: Baseline };

/** A copy of `template` on the server at `serverUrl` for one owner; its close() resets it for the next. */
export async function leasePostgresCopy(serverUrl: string, template: string): Promise<Database> {
  const copy = idle.pop() ?? (await createCopy(serverUrl, template));
  const database = openPostgres(copy.url);
  let returned = false;
  return {
    ...database,
    close: async () => {
      if (returned) return;
      returned = true;
      await database.close();
      if (await resetCopy(copy)) idle.push(copy);
    },
  };
}

async function createCopy(serverUrl: string, template: string): Promise<PooledDatabase> {
  const name = `${template.replace(/_template$/, "")}_${randomBytes(6).toString("hex")}`;
  await withClient(serverUrl, (session) => session.query(`create database ${name} template ${template}`));
  const url = databaseUrl(serverUrl, name);
  return { url, baseline: await withClient(url, readBaseline) };
}

async function resetCopy(copy: PooledDatabase): Promise<boolean> {
  try {
    return await withClient(copy.url, (session) => resetToBaseline(session, copy.baseline));
  } catch {
    return false; // e.g. a server user without the right to turn triggers off: a new copy each time
  }
}
