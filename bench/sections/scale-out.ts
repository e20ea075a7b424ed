import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { renderNginxConf, shippedNginxConf } from "../../tests/reliability/helpers/nginx";
import { type AppServer, startAppServer } from "../lib/app-server";
import { bench } from "../lib/config";
import { type BenchDb, freshDb, postgresAvailable } from "../lib/databases";
import { fillOrders } from "../lib/fill";
import { compare, type Load, load } from "../lib/load";
import { nginxMissing } from "../lib/nginx";
import { type Child, startChild, waitReady } from "../lib/processes";
import { add, na, pct, rps } from "../lib/table";

const CONNECTIONS = 50;
const contactBody = JSON.stringify({
  name: "Bench Person",
  email: "bench@example.com",
  message: "A message from the benchmark, as long as a real one might be.",
});

/**
 * deploy/nginx.conf with its addresses swapped as the scale-out test swaps them, and without its
 * per-client limits (30 requests/s and 100 connections per address): the load generator is one
 * address, which those limits are there to stop. Workers: one per core, as `worker_processes auto`.
 */
async function startProxy(listenPort: number, upstreamPorts: number[]): Promise<Child & { cleanup(): void }> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-proxy-"));
  mkdirSync(path.join(dir, "temp"));
  const site = renderNginxConf(readFileSync(shippedNginxConf, "utf8"), { listenPort, upstreamPorts, logDir: dir })
    .split("\n")
    .filter((line) => !/^\s*limit_(conn|req)\b/.test(line))
    .join("\n")
    .replace(/access_log \S+;/, "access_log off;");
  writeFileSync(path.join(dir, "site.conf"), site);
  const temp = ["body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t === "body" ? "client_body" : t}_temp_path ${dir}/temp/${t};`);
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off;\nworker_processes auto;\npid ${dir}/nginx.pid;\nerror_log ${dir}/main-error.log warn;\n` +
      `events { worker_connections 4096; }\nhttp {\n  ${temp.join("\n  ")}\n  include ${dir}/site.conf;\n}\n`,
  );
  const child = startChild("nginx", ["-c", path.join(dir, "nginx.conf"), "-p", dir, "-e", path.join(dir, "main-error.log")]);
  await waitReady(`http://127.0.0.1:${listenPort}/healthz`, child, 10_000);
  return { ...child, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The machine's busy share (all cores) while `run` goes on, from /proc/stat. */
async function busyShare<T>(run: () => Promise<T>): Promise<{ result: T; busy: number }> {
  const read = () => {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3] + fields[4];
    return { idle, total: fields.reduce((a, b) => a + b, 0) };
  };
  const before = read();
  const result = await run();
  const after = read();
  return { result, busy: 1 - (after.idle - before.idle) / (after.total - before.total) };
}

/** CPU seconds a process has used (user + system), from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100/s on Linux)
}

/**
 * POST /api/contact-general and the server-rendered BENCH_SSR_PAGE through nginx, to one instance
 * and to two, on one PostgreSQL: the throughput ratio two/one, and where the time goes.
 */
async function throughNginx(): Promise<void> {
  const section = "scale-out, PostgreSQL";
  const db = await freshDb("postgres");
  const dataDirs = [mkdtempSync(path.join(tmpdir(), "bench-so-a-")), mkdtempSync(path.join(tmpdir(), "bench-so-b-"))];
  const servers: AppServer[] = [];
  const proxies: (Child & { cleanup(): void })[] = [];
  try {
    await (await db.open()).close(); // migrated once before both start
    const env = {
      TRUST_PROXY: "loopback",
      ADMIN_SECRETS_KEY: "ab".repeat(32),
      LICENCE_SECRET: "scale-out-bench-licence-secret-0123456789",
    };
    const ports = [bench.port, bench.port + 1];
    for (const [i, port] of ports.entries()) servers.push(await startAppServer({ ...db.env, DATA_DIR: dataDirs[i] }, env, port));
    const onePort = bench.nginxPort;
    const twoPort = bench.nginxPort + 2;
    proxies.push(await startProxy(onePort, [ports[0]]), await startProxy(twoPort, ports));
    const ssrPage = process.env.BENCH_SSR_PAGE ?? "/login";
    const workloads = {
      "contact post": (port: number) => ({
        url: `http://127.0.0.1:${port}/api/contact-general`,
        method: "POST" as const,
        body: contactBody,
        headers: { "Content-Type": "application/json" },
        connections: CONNECTIONS,
      }),
      [`SSR ${ssrPage}`]: (port: number) => ({ url: `http://127.0.0.1:${port}${ssrPage}`, connections: CONNECTIONS }),
    };
    for (const [what, target] of Object.entries(workloads)) {
      const result = await compare({ one: target(onePort), two: target(twoPort) });
      const failures = result.one.failures + result.two.failures;
      add({
        section,
        what: `${what} through nginx, ${CONNECTIONS} conn.: two instances against one${failures ? ` (${failures} failed answers)` : ""}`,
        value: rps(result.two.rps),
        baseline: `one instance ${rps(result.one.rps)}`,
        ratio: pct(result.two.rps, result.one.rps),
      });
      // Where the two cores go with two instances: one more run, each process's CPU seconds.
      const pids = servers.map((s) => s.process.pid!);
      const before = pids.map(cpuSeconds);
      const benchBefore = process.cpuUsage();
      const started = performance.now();
      const { result: run, busy } = await busyShare<Load>(() => load(target(twoPort), false));
      const seconds = (performance.now() - started) / 1000;
      const per = pids.map((pid, i) => (cpuSeconds(pid) - before[i]) / seconds);
      const used = process.cpuUsage(benchBefore);
      const generator = (used.user + used.system) / 1e6 / seconds;
      add({
        section,
        what: `${what}, two instances: CPU in cores (of ${cpus().length}) while serving ${rps(run.rps)}`,
        value: `machine ${(busy * cpus().length).toFixed(2)} busy; instance A ${per[0].toFixed(2)}, B ${per[1].toFixed(2)}, load generator ${generator.toFixed(2)}, the rest (nginx, PostgreSQL, other work) ${(busy * cpus().length - per[0] - per[1] - generator).toFixed(2)}`,
      });
    }
  } finally {
    for (const proxy of proxies) {
      await proxy.stop();
      proxy.cleanup();
    }
    for (const server of servers) await server.stop();
    await db.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** `npm run db -- copy-to` of an embedded database with BENCH_COPY_ORDERS orders into an empty PostgreSQL database. */
export async function copyTo(): Promise<void> {
  const section = "scale-out, PostgreSQL";
  const orders = bench.copyOrders;
  const source = await freshDb("pglite");
  const target: BenchDb = await freshDb("postgres"); // created empty: copy-to migrates it itself
  try {
    const database = await source.open();
    await fillOrders(database, 0, orders);
    await database.close();
    const started = performance.now();
    const child = spawn(process.execPath, ["--import", "tsx", "server/cli/db.ts", "copy-to", target.env.DATABASE_URL!], {
      env: { ...process.env, DATA_DIR: source.env.DATA_DIR, DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const [code] = (await once(child, "exit")) as [number | null];
    const seconds = (performance.now() - started) / 1000;
    if (code !== 0) throw new Error(`copy-to exited ${code}:\n${output.slice(-2000)}`);
    const copied = output.match(/^orders\s+(\d+)\s+(\d+)$/m);
    add({
      section,
      what: `npm run db -- copy-to, embedded database with ${orders.toLocaleString("en-US")} orders and 10,000 customers into an empty PostgreSQL`,
      value: `${seconds.toFixed(1)} s (whole command: start, migrations, copy, counts)`,
      target: `orders ${orders}`,
      verdict: copied && Number(copied[1]) === orders && Number(copied[2]) === orders ? "ok" : "MISS",
    });
  } finally {
    await source.drop();
    await target.drop();
  }
}

export async function scaleOutSection(): Promise<void> {
  const missing = (await postgresAvailable()) ?? nginxMissing();
  if (missing) return na("scale-out, PostgreSQL", "all", missing);
  await throughNginx();
  await copyTo();
}
