import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Database } from "./client";

/** Backups kept in BACKUP_DIR; older ones are deleted after each new one. */
export const BACKUPS_KEPT = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const PATTERN = /^company-site-\d{8}T\d{6}Z\.tar\.gz$/;

const backupName = (at: Date) =>
  `company-site-${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "")}.tar.gz`;

/** The backups in `dir`, oldest first (their names sort by time). */
export function listBackups(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => PATTERN.test(f))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Writes one dump of the embedded database (written to a temporary name, then renamed, so a crash
 * never leaves half a backup under a backup's name) and keeps the newest BACKUPS_KEPT.
 */
export async function writeBackup(database: Pick<Database, "dump">, dir: string, at: Date): Promise<string> {
  if (!database.dump) throw new Error("Backups are for the embedded database; back PostgreSQL up with pg_dump.");
  mkdirSync(dir, { recursive: true });
  const bytes = await database.dump();
  const file = path.join(dir, backupName(at));
  writeFileSync(`${file}.partial`, bytes);
  renameSync(`${file}.partial`, file);
  const all = listBackups(dir);
  for (const old of all.slice(0, Math.max(0, all.length - BACKUPS_KEPT))) rmSync(path.join(dir, old), { force: true });
  return file;
}

/**
 * Once a day: checks every hour (and at start) whether the newest backup is a day old, so a
 * restarted server neither skips a day nor writes one per restart.
 */
export function startBackupJob(
  database: Pick<Database, "dump">,
  dir: string,
  opts: { now: () => Date; log: (line: { level: "info" | "error"; msg: string; [field: string]: unknown }) => void; checkEveryMs?: number },
) {
  let running: Promise<void> = Promise.resolve();
  const due = () => {
    const newest = listBackups(dir).at(-1);
    if (!newest) return true;
    return opts.now().getTime() - statSync(path.join(dir, newest)).mtimeMs >= DAY_MS;
  };
  const check = () => {
    running = running.then(async () => {
      if (!due()) return;
      try {
        const file = await writeBackup(database, dir, opts.now());
        opts.log({ level: "info", msg: "backup written", file: path.basename(file) });
      } catch (err) {
        opts.log({ level: "error", msg: "backup failed", error: err instanceof Error ? err.message : String(err) });
      }
    });
  };
  check();
  const timer = setInterval(check, opts.checkEveryMs ?? 60 * 60 * 1000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
