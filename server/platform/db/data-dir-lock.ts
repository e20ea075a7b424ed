import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

/**
 * PGlite has no lock of its own, and two processes on one data directory silently lose rows.
 * An exclusive lock file holding the owner's PID (and, on Linux, its start time), created
 * atomically; a lock left by a process that no longer runs (killed with SIGKILL) is taken over at
 * once, with no stale timeout. The start time tells the owner from another process that got the
 * same PID later (containers restart with the same PIDs); a killed owner not yet reaped counts as gone.
 */
export function lockDataDir(dataDir: string, owner: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, ".lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // Write the whole record first, then link it into place: link() is atomic and fails when the
      // lock exists, so no reader ever sees a half-written lock.
      const tmp = `${lockPath}.${process.pid}`;
      const started = processStat(process.pid)?.started;
      writeFileSync(tmp, JSON.stringify({ pid: process.pid, started, owner, since: new Date().toISOString() }));
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
      if (holder && holder.pid !== process.pid && stillRuns(holder)) {
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

type Holder = { pid: number; owner: string; started?: string };

function readHolder(lockPath: string): Holder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(lockPath, "utf8")) as { pid?: unknown; owner?: unknown; started?: unknown };
    if (typeof parsed.pid !== "number") return undefined;
    return {
      pid: parsed.pid,
      owner: String(parsed.owner ?? "another process"),
      started: typeof parsed.started === "string" ? parsed.started : undefined,
    };
  } catch {
    return undefined; // half-written or unreadable: treat as stale
  }
}

function stillRuns(holder: Holder): boolean {
  const stat = processStat(holder.pid);
  if (!stat) return isAlive(holder.pid); // no such process, or no /proc (macOS): ask with signal 0
  if (stat.state === "Z") return false; // killed, not yet reaped by its parent
  return holder.started === undefined || stat.started === holder.started;
}

/** State and start time (clock ticks since boot) of a process, from Linux's /proc/<pid>/stat. */
export function processStat(pid: number): { state: string; started: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces: state is field 3, starttime field 22.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0], started: fields[19] };
  } catch {
    return undefined;
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
