import type { Config } from "../platform/config";
import type { Database } from "../platform/db/client";
import { DataDirLockedError } from "../platform/db/data-dir-lock";
import { openDatabase } from "../platform/db/open";

/**
 * Opens the database for a command-line tool. When the server holds the embedded database's lock,
 * says so with what to do and resolves null (the caller exits 1).
 */
export async function openCliDatabase(config: Config, owner: string): Promise<Database | null> {
  try {
    return await openDatabase(config, owner);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`${err.message}\nStop the server first, then run this command again.`);
      return null;
    }
    throw err;
  }
}
