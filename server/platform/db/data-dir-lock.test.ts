import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { DataDirLockedError, lockDataDir, processStat } from "./data-dir-lock";

const linux = processStat(process.pid) !== undefined;
const fresh = () => mkdtempSync(path.join(tmpdir(), "lock-"));
/** A lock file as another process would have left it. */
const leaveLock = (dir: string, record: object) =>
  writeFileSync(path.join(dir, ".lock"), JSON.stringify({ owner: "the web server", ...record }));

it("records this process and releases the lock", () => {
  const dir = fresh();
  const release = lockDataDir(dir, "a test");
  const record = JSON.parse(readFileSync(path.join(dir, ".lock"), "utf8"));
  expect(record.pid).toBe(process.pid);
  if (linux) expect(record.started).toBe(processStat(process.pid)?.started);
  release();
  lockDataDir(dir, "a test")();
});

it("refuses a directory whose owner still runs, naming it", () => {
  const dir = fresh();
  leaveLock(dir, { pid: process.ppid, started: processStat(process.ppid)?.started });
  expect(() => lockDataDir(dir, "a test")).toThrow(DataDirLockedError);
  expect(() => lockDataDir(dir, "a test")).toThrow(`in use by the web server (pid ${process.ppid})`);
});

it("takes over the lock of a process that is gone", () => {
  const dir = fresh();
  leaveLock(dir, { pid: 2 ** 22 + 1 });
  lockDataDir(dir, "a test")();
});

it.skipIf(!linux)("takes over a lock whose pid now belongs to another process (start time differs)", () => {
  const dir = fresh();
  leaveLock(dir, { pid: process.ppid, started: "1" });
  lockDataDir(dir, "a test")();
});
