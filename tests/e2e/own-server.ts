import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * A fresh DATA_DIR in a temp dir with its admin made by the real CLI, before any server opens that
 * embedded database (the CLI and a running server do not share it).
 */
export async function dataDirWithAdmin(label: string, admin: { email: string; password: string }): Promise<string> {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), `${label}-e2e-`)), "data");
  await promisify(execFile)("npx", ["tsx", "server/cli/admin.ts", "create", "--email", admin.email, "--new-database"], {
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production", LOG_REQUESTS: "false", ADMIN_PASSWORD: admin.password },
  });
  return dataDir;
}

/**
 * A second production server for a spec that needs settings the suite's own server does not have
 * (PUBLIC_ORIGIN and a site config, ADMIN_MFA_REQUIRED): the same build, on its own port, answered
 * once /readyz says so. `env` is added to this process's environment.
 */
export async function startOwnServer(port: number, env: Record<string, string>, what: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, [path.join(process.env.BUILD_DIR ?? "build", "server.js")], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_REQUESTS: "false", ...env },
    stdio: "ignore",
  });
  for (let i = 0; i < 200; i++) {
    if (server.exitCode !== null) break;
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill("SIGTERM");
  throw new Error(`${what} did not start`);
}

/** Stops it and waits for the exit: the next project's server takes the same port. */
export async function stopOwnServer(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = once(server, "exit");
  server.kill("SIGTERM");
  await exited;
}
