import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { figureRow } from "./helpers/figures";
import { serverJs, startServer, stopServer, type RunningServer } from "./helpers/server";
import { pgliteMessages } from "./helpers/stored-messages";

// One process per embedded data directory: with the server running, a second server stops at once
// with a clear message and a non-zero exit, the admin CLI hands its command to the running server
// (server/cli/admin-socket.ts), the first server keeps serving with its data intact, and after it
// is SIGKILLed its stale lock does not keep a new server out.

/** Runs a command to its end; a run past 60 s is killed and fails (a hang, not a timing check). */
function runToExit(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const proc = spawn(command, args, { env: { ...process.env, LOG_REQUESTS: "false", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    proc.stdout.on("data", (d) => (output += d));
    proc.stderr.on("data", (d) => (output += d));
    const hang = setTimeout(() => {
      proc.kill("SIGKILL");
      reject(new Error(`${command} ${args.join(" ")} still running after 60 s:\n${output}`));
    }, 60_000);
    proc.on("exit", (code) => {
      clearTimeout(hang);
      resolve({ code, output, ms: performance.now() - started });
    });
  });
}

async function post(server: RunningServer, message: string): Promise<number> {
  const res = await fetch(`${server.url}/api/contact-general`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Lock Test", email: "lock@example.com", message }),
  });
  await res.arrayBuffer();
  return res.status;
}

async function login(server: RunningServer): Promise<number> {
  const res = await fetch(`${server.url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "lock-admin@example.com", password: "a long enough passphrase" }),
  });
  await res.arrayBuffer();
  return res.status;
}

const adminCreate = (dataDir: string) =>
  runToExit("npm", ["run", "--silent", "admin", "--", "create", "--email", "lock-admin@example.com"], {
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: "a long enough passphrase",
  });

it("keeps a second server off a data directory in use, runs the admin CLI through the server, and recovers a stale lock", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "rel-lock-"));
  const acked: string[] = [];
  const first = await startServer({ dataDir });
  for (let i = 0; i < 5; i++) if ((await post(first, `lock before ${i}`)) === 201) acked.push(`lock before ${i}`);

  const second = await runToExit(process.execPath, [serverJs], { PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir });
  const admin = await adminCreate(dataDir);
  const lockMessage = `is in use by the web server (pid ${first.proc.pid})`;
  expect(second.code).not.toBe(0);
  expect(second.output).toContain(lockMessage);
  // The CLI ran its command in the running server: the new admin signs in there at once.
  expect(admin.code, admin.output).toBe(0);
  expect(admin.output).toContain("Created admin lock-admin@example.com.");
  expect(await login(first)).toBe(200);
  const removed = await runToExit("npm", ["run", "--silent", "admin", "--", "remove-factor", "--email", "nobody@example.com"], {
    DATA_DIR: dataDir,
  });
  expect(removed.code).toBe(1);
  expect(removed.output).toContain("No admin with the e-mail nobody@example.com.");
  const socketFile = path.join(dataDir, "admin.sock");
  expect(statSync(socketFile).mode & 0o777).toBe(0o600);

  // The first server still answers and stores.
  expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
  for (let i = 0; i < 5; i++) if ((await post(first, `lock after ${i}`)) === 201) acked.push(`lock after ${i}`);

  // SIGKILL leaves the lock file behind; a new server takes it over at once.
  await stopServer(first, "SIGKILL");
  const lockFile = path.join(dataDir, ".lock");
  expect(JSON.parse(readFileSync(lockFile, "utf8")).pid).toBe(first.proc.pid);
  const restartStarted = performance.now();
  const third = await startServer({ dataDir });
  const restartMs = performance.now() - restartStarted;
  if ((await post(third, "lock recovered")) === 201) acked.push("lock recovered");
  expect(await stopServer(third)).toBe(0);
  expect(existsSync(lockFile)).toBe(false);
  expect(existsSync(socketFile)).toBe(false);

  // With the directory free the CLI opens the database itself (the admin exists: a password reset).
  const adminFree = await adminCreate(dataDir);
  expect(adminFree.code, adminFree.output).toBe(0);
  expect(adminFree.output).toContain("Reset the password of lock-admin@example.com");

  // Held by a process with no admin socket (another CLI): the CLI says to stop it first.
  writeFileSync(lockFile, JSON.stringify({ pid: process.pid, owner: "npm run seed:demo" }));
  const adminHeld = await adminCreate(dataDir);
  expect(adminHeld.code).toBe(1);
  expect(adminHeld.output).toContain(`is in use by npm run seed:demo (pid ${process.pid})`);
  expect(adminHeld.output).toContain("Stop the server first");

  const stored = await pgliteMessages(dataDir);
  const lost = acked.filter((m) => !stored.has(m));
  figureRow("data-dir lock", {
    "second server exit": String(second.code),
    "second server ms": second.ms,
    "admin CLI exit": String(admin.code),
    "admin CLI ms": admin.ms,
    "restart after SIGKILL (stale lock) ms": restartMs,
    "admin CLI on the free dir exit": String(adminFree.code),
    acknowledged: acked.length,
    lost: lost.length,
  });
  expect(acked).toHaveLength(11);
  expect(lost).toEqual([]);
}, 180_000);
