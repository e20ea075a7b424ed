import path from "node:path";
import type { Config } from "../config";
import { type Database, openPglite, openPostgres } from "./client";
import { lockDataDir } from "./data-dir-lock";
import { runMigrations } from "./migrate";

/**
 * Opens the configured database and applies pending migrations. For the embedded database the
 * data directory is locked first (a second opener fails at once); close() releases the lock.
 */
export async function openDatabase(config: Config, owner: string): Promise<Database> {
  if (config.DATABASE_URL) {
    const database = openPostgres(config.DATABASE_URL);
    await runMigrations(database);
    return database;
  }
  const dir = path.resolve(config.DATA_DIR);
  const release = lockDataDir(dir, owner);
  try {
    const database = await openPglite(path.join(dir, "pglite"));
    await runMigrations(database);
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
