import { PGlite } from "@electric-sql/pglite";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { drizzle } from "drizzle-orm/pglite";
import { type Db, openPostgres } from "../../server/platform/db/client";
import { runMigrations } from "../../server/platform/db/migrate";
import * as schema from "../../server/platform/db/schema";
import { databaseUrl, onServer, withClient } from "./postgres-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tarball (PGlite's dumpDataDir) of a migrated in-memory database; each test file opens a copy. */
    pgliteTemplate?: string;
    /** A migrated database on the TEST_DATABASE_URL server; each test file creates its own from it. */
    postgresTemplate?: string;
  }
}

/**
 * Vitest globalSetup: migrates one database per run and hands it to the test files, which each copy
 * it (tests/helpers/test-db.ts), so no test file applies the migrations itself. TEST_DB (the
 * project's env) says which database: PGlite, or PostgreSQL at TEST_DATABASE_URL.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DB === "postgres") return postgresTemplate(project);
  // Every test file unpacks and starts this image, so it is kept small: 1 MB WAL segments instead
  // of 16, and without initdb's template0 and template1 (a test connects to "postgres" only and
  // creates no database). 43 MB became 18 MB and an open 0.68 s of CPU became 0.46 s.
  const client = await PGlite.create({ initDbStartParams: ["--wal-segsize=1"] });
  const db: Db = drizzle(client, { schema });
  await runMigrations({ db, kind: "pglite", pglite: client, ping: async () => {}, close: () => client.close() });
  for (const name of ["template0", "template1"]) {
    await client.query(`alter database ${name} is_template false`);
    await client.query(`drop database ${name}`);
  }
  await client.exec("checkpoint"); // a copy then starts without replaying the migrations' WAL
  const dump = await client.dumpDataDir("none");
  await client.close();
  const dir = mkdtempSync(path.join(tmpdir(), "pglite-template-"));
  const file = path.join(dir, "migrated.tar");
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const run = `test_${randomBytes(6).toString("hex")}`;
  const name = `${run}_template`;
  await onServer(url, `create database ${name}`);
  const database = openPostgres(databaseUrl(url, name), { max: 1 });
  try {
    await runMigrations(database);
  } finally {
    await database.close(); // a template must have no connections while it is copied
  }
  project.provide("postgresTemplate", name);
  return () => dropRunDatabases(url, run);
}

/**
 * Drops the template and every test file's copy (all named `<run>_…`, tests/helpers/test-db.ts).
 * Together at the end of the run, not one by one as each file ends: a drop waits for the server's
 * checkpoint, 1.2-2.4 s each on a shared server, while drops asked for at once share one.
 */
async function dropRunDatabases(url: string, run: string): Promise<void> {
  const names = await withClient(url, async (session) => {
    const { rows } = await session.query<{ datname: string }>("select datname from pg_database where starts_with(datname, $1)", [
      `${run}_`,
    ]);
    return rows.map((r) => r.datname);
  });
  // Eight connections at a time: the server's connection limit is shared with everything else on it.
  const drop = async (): Promise<void> => {
    for (let name = names.pop(); name; name = names.pop()) await onServer(url, `drop database if exists ${name} with (force)`);
  };
  await Promise.all(Array.from({ length: 8 }, drop));
}
