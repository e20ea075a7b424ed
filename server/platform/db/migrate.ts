import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "./client";

// drizzle/ sits at the repo root; this file runs from server/platform/db (tsx) or build/ (bundled server).
function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, "../../drizzle"), path.resolve(here, "../drizzle"), path.resolve("drizzle")];
  return candidates.find((p) => existsSync(path.join(p, "meta/_journal.json"))) ?? candidates[0];
}

const MIGRATION_LOCK_ID = 727_001;

/** Applies pending migrations. On PostgreSQL an advisory lock keeps parallel instances in line. */
export async function runMigrations(database: Database, migrationsSchema = "drizzle"): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (database.pglite) {
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder: migrationsFolderPath, migrationsSchema });
    return;
  }
  if (!database.pool) throw new Error("runMigrations needs the database's PGlite instance or its pg pool");
  // Session-level advisory locks belong to one connection: lock, migrate and unlock on the same one.
  const client = await database.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolderPath, migrationsSchema });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}
