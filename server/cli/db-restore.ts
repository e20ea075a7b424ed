import { PGlite } from "@electric-sql/pglite";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { lockDataDir } from "../platform/db/data-dir-lock";

export class RestoreRefusedError extends Error {
  readonly kind = "restore_refused";
}

/**
 * Brings a backup (server/platform/db/backup.ts) back as the embedded database of `dataDir`, which must
 * not hold one yet; the directory is locked meanwhile, as by the server.
 */
export async function restoreBackup(file: string, dataDir: string, owner: string): Promise<void> {
  const dir = path.resolve(dataDir);
  const pgliteDir = path.join(dir, "pglite");
  if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) {
    throw new RestoreRefusedError(`${pgliteDir} already holds a database; restore into an empty DATA_DIR.`);
  }
  const bytes = readFileSync(file);
  const release = lockDataDir(dir, owner);
  try {
    const client = await PGlite.create({ dataDir: pgliteDir, loadDataDir: new Blob([bytes]) });
    try {
      await client.query("select 1");
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}
