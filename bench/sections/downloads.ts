import { createHash, randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { startAppServer } from "../lib/app-server";
import { bench } from "../lib/config";
import { type BenchDb, freshDb } from "../lib/databases";
import { queryRows } from "../../server/platform/db/query-rows";
import { compareRounds, pairedRatio } from "../lib/load";
import { nginxMissing, startNginxWith } from "../lib/nginx";
import { type Child, startChild, waitReady } from "../lib/processes";
import { add, ms, na, pct, rps, verdict } from "../lib/table";

const bare = path.join(path.dirname(fileURLToPath(import.meta.url)), "../baselines/bare-http.mjs");
const PRODUCT = "benchdl";
const SIZE = Number(process.env.BENCH_DOWNLOAD_MB ?? 200) * 1024 * 1024;
const CLIENTS = 10;

/** A 200 MB build of a free published version, written to ARTIFACTS_DIR and the artifacts table before the server starts. */
async function writeBuild(db: BenchDb, dir: string) {
  const file = path.join(dir, "bench-build.bin");
  const hash = createHash("sha256");
  await new Promise<void>((resolve, reject) => {
    const out = createWriteStream(file);
    const chunk = randomBytes(1024 * 1024);
    for (let i = 0; i < SIZE / chunk.length; i++) {
      hash.update(chunk);
      out.write(chunk);
    }
    out.end(resolve);
    out.on("error", reject);
  });
  const database = await db.open();
  try {
    await database.db.execute(sql`insert into products (id, name) values (${PRODUCT}, 'Bench Download Tool')`);
    for (const version of ["1.0", "2.0"]) {
      const rows = await queryRows<{ id: string }>(
        database.db,
        sql`insert into product_versions (product_id, version, os, amount_minor, features, external, python, status, published_at)
          values (${PRODUCT}, ${version}, array['linux'], 0, array['faster scans'], '[]'::jsonb, '[]'::jsonb, 'published', now()) returning id`,
      );
      if (version === "2.0")
        await database.db.execute(sql`insert into artifacts (product_version_id, platform, arch, filename, size, sha256, storage_name)
            values (${Number(rows[0].id)}, 'linux', 'x86_64', 'benchdl-2.0-linux.tar.gz', ${SIZE}, ${hash.digest("hex")}, 'bench-build.bin')`);
    }
  } finally {
    await database.close();
  }
  return file;
}

/** Resident memory of a process (kB), from /proc. */
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN);

/** CLIENTS clients each downloading the whole URL again and again for `seconds`; bytes per second over all. */
async function download(
  url: () => Promise<string>,
  seconds: number,
): Promise<{ mbps: number; whole: number; failures: number; problem: string }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const until = performance.now() + seconds * 1000;
  let bytes = 0;
  let whole = 0;
  let failures = 0;
  let problem = "";
  const started = performance.now();
  const one = (target: string) =>
    new Promise<void>((resolve) => {
      http
        .get(target, { agent }, (res) => {
          if (res.statusCode !== 200) {
            failures++;
            problem ||= `${target} answered ${res.statusCode}`;
          }
          res.on("data", (chunk: Buffer) => (bytes += chunk.length));
          res.on("end", () => {
            whole++;
            resolve();
          });
          res.on("error", (err) => {
            failures++;
            problem ||= err.message;
            resolve();
          });
        })
        .on("error", (err) => {
          failures++;
          problem ||= err.message;
          resolve();
        });
    });
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) await one(await url());
    }),
  );
  agent.destroy();
  return { mbps: bytes / 1024 / 1024 / ((performance.now() - started) / 1000), whole, failures, problem };
}

/** nginx serving the same file from disk with sendfile, one worker (the app is one process too). */
function startFileNginx(file: string): Promise<Child & { cleanup(): void }> {
  return startNginxWith(
    mkdtempSync(path.join(tmpdir(), "bench-dl-nginx-")),
    `  server {
    listen 127.0.0.1:${bench.nginxPort};
    location = /build { alias ${file}; default_type application/octet-stream; }
    location = / { return 200; }
  }
`,
  );
}

/** A 200 MB build through /dl/:token at 10 clients against nginx sending the same file; update checks against bare node:http. */
export async function downloadsSection(): Promise<void> {
  const section = "downloads, pglite";
  const children: Child[] = [];
  const db = await freshDb("pglite");
  const dir = mkdtempSync(path.join(tmpdir(), "bench-dl-"));
  let nginx: (Child & { cleanup(): void }) | undefined;
  try {
    const file = await writeBuild(db, dir);
    const app = await startAppServer(db.env, { LICENCE_RATE_LIMIT: "1000000000", ARTIFACTS_DIR: dir });
    children.push(app);
    add({
      section,
      what: "load average at start (1, 5, 15 min)",
      value: os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(", "),
    });
    const check = `${app.url}/api/updates/check?product_id=${PRODUCT}&version=1.0&platform=linux&arch=x86_64`;
    const answer = await fetch(check);
    if (answer.status !== 200) throw new Error(`update check answered ${answer.status}`);
    const signed = async () => {
      const res = await fetch(`${app.url}/api/downloads`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ artifact_id: 1 }),
      });
      return ((await res.json()) as { url: string }).url;
    };

    // (a) Downloads: the app (a fresh signed link per download, as a client gets one) against nginx, RSS sampled meanwhile.
    const missing = nginxMissing();
    if (missing) na(section, "download through /dl/:token", missing);
    else nginx = await startFileNginx(file);
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rssKb(app.process.pid as number)), 250);
    const rssBefore = rssKb(app.process.pid as number);
    const ratios: { app: number; nginx: number }[] = [];
    for (let round = 0; round < bench.rounds; round++) {
      const a = await download(signed, bench.duration);
      const n = nginx ? await download(async () => `http://127.0.0.1:${bench.nginxPort}/build`, bench.duration) : undefined;
      for (const [who, run] of [
        ["app", a],
        ["nginx", n],
      ] as const)
        if (run?.failures)
          add({ section, what: `round ${round + 1}: failed ${who} downloads`, value: `${run.failures} (${run.problem})`, verdict: "MISS" });
      ratios.push({ app: a.mbps, nginx: n?.mbps ?? NaN });
    }
    clearInterval(sampler);
    const median = [...ratios].sort((x, y) => x.app / x.nginx - y.app / y.nginx)[Math.floor(ratios.length / 2)];
    const ratio = median.app / median.nginx;
    add({
      section,
      what: `${SIZE / 1024 / 1024} MB through /dl/:token, ${CLIENTS} clients, MB/s`,
      value: `${median.app.toFixed(0)} MB/s`,
      baseline: `nginx ${median.nginx.toFixed(0)} MB/s`,
      ratio: `${Math.round(ratio * 100)} %`,
      target: "≥ 70 %",
      verdict: Number.isFinite(ratio) ? verdict(ratio >= 0.7) : "",
    });
    add({ section, what: "download rounds' ratios (the median counts)", value: ratios.map((r) => pct(r.app, r.nginx)).join(", ") });
    const peak = Math.max(...samples);
    add({
      section,
      what: "app RSS during the downloads: before, median, peak",
      value: `${(rssBefore / 1024).toFixed(0)} MB, ${(samples.sort((x, y) => x - y)[Math.floor(samples.length / 2)] / 1024).toFixed(0)} MB, ${(peak / 1024).toFixed(0)} MB`,
      target: "flat (peak < before + 100 MB)",
      verdict: verdict(peak < rssBefore + 100 * 1024),
    });

    // (b) Update checks (throttle, the offered builds' query, a signed link) against bare node:http sending the same answer.
    const body = Buffer.from(await (await fetch(check)).arrayBuffer());
    const spec = path.join(dir, "bare.json");
    writeFileSync(path.join(dir, "bare-body"), body);
    writeFileSync(spec, JSON.stringify({ headers: { "Content-Type": "application/json" }, bodyFile: path.join(dir, "bare-body") }));
    const baseline = startChild(process.execPath, [bare, spec], { PORT: String(bench.barePort) });
    children.push(baseline);
    await waitReady(`http://127.0.0.1:${bench.barePort}/`, baseline);
    const checks = await compareRounds(
      { app: { url: check, connections: 10 }, bare: { url: `http://127.0.0.1:${bench.barePort}/`, connections: 10 } },
      bench.rounds,
    );
    add({
      section,
      what: "update check, 10 conn. req/s",
      value: rps(checks.median.app.rps),
      baseline: `bare node:http ${rps(checks.median.bare.rps)}`,
      ratio: `${Math.round(pairedRatio(checks.rounds.app, checks.rounds.bare) * 100)} %`,
    });
    add({
      section,
      what: "update check, 10 conn. p99",
      value: ms(checks.median.app.p99),
      baseline: `bare node:http ${ms(checks.median.bare.p99)}`,
    });
    const failures = checks.rounds.app.reduce((sum, run) => sum + run.failures, 0);
    if (failures) add({ section, what: "update check: failed answers", value: String(failures), verdict: "MISS" });
    add({
      section,
      what: "load average at the end (1, 5, 15 min)",
      value: os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(", "),
    });
  } finally {
    for (const child of children) await child.stop();
    if (nginx) {
      await nginx.stop();
      nginx.cleanup();
    }
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
