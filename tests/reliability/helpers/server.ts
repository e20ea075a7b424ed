import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

// Spawns the real bundled server so crash, lock and header checks exercise the production entry point.
export const buildDir = process.env.BUILD_DIR ?? "build";
export const serverJs = path.resolve(buildDir, "server.js");

export function requireBuild(): void {
  if (!existsSync(serverJs)) {
    throw new Error(`${serverJs} is missing: run \`BUILD_DIR=${buildDir} npm run build\` before npm run test:reliability.`);
  }
}

export interface RunningServer {
  proc: ChildProcess;
  url: string;
  dataDir: string;
  output: () => string;
  exited: Promise<number | null>;
}

let nextPort = Number(process.env.RELIABILITY_PORT ?? 3500);

/** Whether nothing listens on 127.0.0.1:`port` (this process could bind it). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * The next port of this run's range that nothing listens on: a process left by another check (or
 * anything else on the machine) keeps its port, and a check that restarts its server many times, or
 * gives a port to nginx, takes one from here.
 */
export async function reservePort(): Promise<number> {
  for (;;) {
    const port = nextPort++;
    if (await portIsFree(port)) return port;
  }
}

// Every server this process started, killed when the process ends: a check that timed out while its
// server was starting never reaches its afterAll, and that server would keep its port for the next run.
const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

export async function startServer(
  opts: {
    dataDir?: string;
    databaseUrl?: string;
    port?: number;
    env?: Record<string, string>;
    nodeArgs?: string[];
    /** Another entry than server.js, such as `npm start`'s scripts/start.mjs. */
    entry?: string;
    /** Variables of this process not passed on (vitest sets NODE_ENV=test); `env` may still set them. */
    unsetEnv?: string[];
  } = {},
) {
  requireBuild();
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), "rel-"));
  const port = opts.port ?? (await reservePort());
  let out = "";
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const name of opts.unsetEnv ?? []) delete inherited[name];
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_REQUESTS: "false",
    CONTACT_RATE_LIMIT: "100000",
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  };
  const proc = spawn(process.execPath, [...(opts.nodeArgs ?? []), opts.entry ?? serverJs], { env, stdio: ["ignore", "pipe", "pipe"] });
  proc.stdout?.on("data", (d) => (out += d));
  proc.stderr?.on("data", (d) => (out += d));
  children.add(proc);
  const exited = new Promise<number | null>((resolve) =>
    proc.on("exit", (code) => {
      children.delete(proc);
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const server: RunningServer = { proc, url, dataDir, output: () => out, exited };
  await waitReady(server, port);
  return server;
}

/**
 * Ready = this process logged that it listens on `port` and /readyz answers 200. The log line comes
 * first: another process on the port would answer /readyz too, and a check would then post to it
 * (a kill round whose every acknowledged message went to a server on another database).
 */
async function waitReady(server: RunningServer, port: number): Promise<void> {
  const deadline = Date.now() + 180_000; // PGlite starts slowly on a busy machine
  const listening = (line: string) => line.includes(`"msg":"listening"`) && line.includes(`:${port}"`);
  while (Date.now() < deadline) {
    if (server.proc.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    if (!server.output().split("\n").some(listening)) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    try {
      const res = await fetch(`${server.url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  server.proc.kill("SIGKILL");
  throw new Error(`server not ready within 180 s:\n${server.output()}`);
}

export async function stopServer(server: RunningServer, signal: NodeJS.Signals = "SIGTERM") {
  if (server.proc.exitCode === null) server.proc.kill(signal);
  return server.exited;
}
