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
import { onServer } from "./test-db";

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
  const client = await PGlite.create();
  const db: Db = drizzle(client, { schema });
  await runMigrations({ db, kind: "pglite", pglite: client, ping: async () => {}, close: () => client.close() });
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
  const name = `test_template_${randomBytes(6).toString("hex")}`;
  await onServer(url, `create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = openPostgres(dbUrl.toString(), { max: 1 });
  try {
    await runMigrations(database);
  } finally {
    await database.close(); // a template must have no connections while it is copied
  }
  project.provide("postgresTemplate", name);
  return async () => onServer(url, `drop database if exists ${name} with (force)`);
}
