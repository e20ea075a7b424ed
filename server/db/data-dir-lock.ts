import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

/**
 * PGlite has no lock of its own, and two processes on one data directory silently lose rows.
 * An exclusive lock file holding the owner's PID, created atomically; a lock left by a
 * process that no longer runs (killed with SIGKILL) is taken over at once, with no stale timeout.
 */
export function lockDataDir(dataDir: string, owner: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, ".lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // Write the whole record first, then link it into place: link() is atomic and fails when the
      // lock exists, so no reader ever sees a half-written lock.
      const tmp = `${lockPath}.${process.pid}`;
      writeFileSync(tmp, JSON.stringify({ pid: process.pid, owner, since: new Date().toISOString() }));
      try {
        linkSync(tmp, lockPath);
      } finally {
        rmSync(tmp, { force: true });
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(lockPath, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = readHolder(lockPath);
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new DataDirLockedError(
          `The data directory ${path.resolve(dataDir)} is in use by ${holder.owner} (pid ${holder.pid}). ` +
            `Only one process may open the embedded database at a time: stop that process first.`,
        );
      }
      rmSync(lockPath, { force: true }); // stale: its owner is gone
    }
  }
  throw new DataDirLockedError(`Could not lock ${path.resolve(dataDir)}; another process keeps taking it.`);
}

function readHolder(lockPath: string): { pid: number; owner: string } | undefined {
  try {
    const parsed = JSON.parse(readFileSync(lockPath, "utf8")) as { pid?: unknown; owner?: unknown };
    return typeof parsed.pid === "number" ? { pid: parsed.pid, owner: String(parsed.owner ?? "another process") } : undefined;
  } catch {
    return undefined; // half-written or unreadable: treat as stale
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
