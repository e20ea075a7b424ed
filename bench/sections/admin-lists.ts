import { readFileSync } from "node:fs";
import http from "node:http";
import { createGunzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { queryRows } from "../../server/platform/db/query-rows";
import { type AppServer, loginToken, startAppServer } from "../lib/app-server";
import { bench } from "../lib/config";
import { freshDb, type Kind, postgresAvailable } from "../lib/databases";
import { BENCH_ADMIN, createBenchAdmin, fillCoupons, fillOrders } from "../lib/fill";
import { type Load, load } from "../lib/load";
import { add, ms, na, rps, times, verdict } from "../lib/table";

const CONNECTIONS = 10;
/** Admin lists: answers p95 ≤ 20 ms at 10 connections; the export's first byte < 1 s, RSS growth < 100 MB. */
const TARGET = { p95: 20, firstByteMs: 1000, rssMb: 100 };
const PREFIX = "ONI";
const MB = 2 ** 20;

/** The server's resident set (bytes), from /proc: what the machine gives the process, heap and database cache alike. */
function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.match(/\d+/)?.[0] ?? 0) * 1024;
}

type Export = {
  status: number;
  firstByteMs: number;
  firstRowMs: number;
  totalMs: number;
  bytes: number;
  rows: number;
  rssBefore: number;
  rssPeak: number;
};

/**
 * Downloads the whole CSV as a browser would (gzip accepted), counting its lines after gunzip, and
 * samples the server's RSS every 50 ms meanwhile. First byte: the first body bytes on the wire;
 * first row: the first line after the header (the header goes out before any query runs).
 */
function exportCsv(url: string, token: string, pid: number): Promise<Export> {
  return new Promise((resolve, reject) => {
    const rssBefore = rssBytes(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssBytes(pid))), 50);
    const started = performance.now();
    let firstByteMs = NaN;
    let firstRowMs = NaN;
    let bytes = 0;
    let newlines = 0;
    const fail = (err: Error) => {
      clearInterval(sampler);
      reject(err);
    };
    http
      .get(url, { headers: { Authorization: `Bearer ${token}`, "Accept-Encoding": "gzip" } }, (res) => {
        res.on("data", (chunk: Buffer) => {
          if (!bytes) firstByteMs = performance.now() - started;
          bytes += chunk.length;
        });
        const text = res.headers["content-encoding"] === "gzip" ? res.pipe(createGunzip()) : res;
        text.on("data", (chunk: Buffer) => {
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) {
            newlines++;
            if (newlines === 2) firstRowMs = performance.now() - started;
          }
        });
        text.on("error", fail);
        text.on("end", () => {
          clearInterval(sampler);
          rssPeak = Math.max(rssPeak, rssBytes(pid));
          const totalMs = performance.now() - started;
          resolve({
            status: res.statusCode ?? 0,
            firstByteMs,
            firstRowMs,
            totalMs,
            bytes,
            rows: Math.max(0, newlines - 1),
            rssBefore,
            rssPeak,
          });
        });
      })
      .on("error", fail);
  });
}

/** One list request answered 200, with its `total` (the bench's own check that the query means what the row says). */
async function total(url: string, token: string): Promise<number> {
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { total?: number; items?: unknown[] };
  if (res.status !== 200 || typeof body.total !== "number") throw new Error(`${url}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return body.total;
}

/** Each list at 10 connections (p95 against /healthz's) and alone at one (p50). */
async function measureLists(section: string, token: string, health: Load, lists: { what: string; url: string }[]): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  for (const list of lists) {
    const matches = await total(list.url, token);
    const result: Load = await load({ url: list.url, headers, connections: CONNECTIONS });
    // One connection: the time one answer takes, which the p95 at 10 connections queues behind.
    const alone: Load = await load({ url: list.url, headers, connections: 1 }, false);
    add({
      section,
      what: `${list.what} (${matches.toLocaleString("en-US")} ${matches === 1 ? "match" : "matches"}), ${CONNECTIONS} conn. p95 (req/s; 1 conn. p50)`,
      value: `${ms(result.p95)} (${rps(result.rps)}; ${ms(alone.p50)})`,
      baseline: `/healthz ${ms(health.p95)}`,
      ratio: times(result.p95, health.p95),
      target: `≤ ${TARGET.p95} ms`,
      verdict: verdict(result.p95 <= TARGET.p95 && result.failures === 0),
    });
    if (result.failures + alone.failures)
      add({ section, what: `${list.what} failed answers`, value: String(result.failures + alone.failures), verdict: "MISS" });
  }
}

async function measure(server: AppServer, kind: Kind, rows: number, code: string): Promise<void> {
  const section = `admin lists, ${kind}`;
  const n = rows.toLocaleString("en-US");
  const token = await loginToken(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const api = `${server.url}/api/admin`;
  const lists: { what: string; url: string }[] = [
    { what: `${n} coupons, exact code`, url: `${api}/coupons?q=${code}` },
    { what: `${n} coupons, prefix of 3 characters after ${PREFIX}`, url: `${api}/coupons?q=${code.slice(0, PREFIX.length + 3)}` },
    { what: `${n} coupons, prefix of 1 character after ${PREFIX}`, url: `${api}/coupons?q=${code.slice(0, PREFIX.length + 1)}` },
    { what: `${n} orders, first page (newest first)`, url: `${api}/orders` },
    { what: `${n} orders, status=active`, url: `${api}/orders?status=active` },
    { what: `${n} orders, q=customer e-mail`, url: `${api}/orders?q=customer4321%40example.com` },
  ];
  const health = await load({ url: `${server.url}/healthz`, connections: CONNECTIONS });
  await measureLists(section, token, health, lists);
  const csv = await exportCsv(`${api}/coupons.csv`, token, server.process.pid!);
  if (csv.status !== 200) throw new Error(`coupons.csv answered ${csv.status}`);
  add({
    section,
    what: `CSV export of ${n} coupons, first byte`,
    value: `${ms(csv.firstByteMs)} (first coupon row ${ms(csv.firstRowMs)})`,
    target: `< ${TARGET.firstByteMs / 1000} s`,
    verdict: verdict(csv.firstByteMs < TARGET.firstByteMs),
  });
  add({
    section,
    what: `CSV export of ${n} coupons, whole file`,
    value: `${(csv.totalMs / 1000).toFixed(1)} s, ${csv.rows.toLocaleString("en-US")} rows, ${(csv.bytes / MB).toFixed(1)} MB gzip`,
    target: `${n} rows`,
    verdict: verdict(csv.rows === rows),
  });
  const growth = (csv.rssPeak - csv.rssBefore) / MB;
  add({
    section,
    what: `CSV export of ${n} coupons, server RSS growth`,
    value: `${growth.toFixed(1)} MB (${(csv.rssBefore / MB).toFixed(0)} → peak ${(csv.rssPeak / MB).toFixed(0)} MB)`,
    target: `< ${TARGET.rssMb} MB`,
    verdict: verdict(growth < TARGET.rssMb),
  });

  // Last: its exact count of every coupon keeps an embedded database busy for seconds per request,
  // and what it leaves queued when the run stops would be counted against the next measure.
  await measureLists(section, token, health, [{ what: `${n} coupons, first page (no filter)`, url: `${api}/coupons` }]);
}

/**
 * Coupons and as many orders (a million on PostgreSQL, a hundred thousand on PGlite, see
 * bench/lib/config.ts) filled before the server starts,
 * then the admin's lists at 10 connections and the streamed coupon export.
 */
async function onDatabase(kind: Kind): Promise<void> {
  const rows = bench.adminListRows[kind];
  const db = await freshDb(kind);
  let database: Awaited<ReturnType<typeof db.open>> | undefined = await db.open();
  let server: AppServer | undefined;
  try {
    await createBenchAdmin(database);
    let started = Date.now();
    await fillOrders(database, 0, rows);
    const ordersS = (Date.now() - started) / 1000;
    started = Date.now();
    await fillCoupons(database, rows, PREFIX);
    const couponsS = (Date.now() - started) / 1000;
    // The middle code: its first characters are the prefixes searched.
    const [{ code }] = await queryRows<{ code: string }>(
      database.db,
      sql`select code from coupons order by id offset ${Math.floor(rows / 2)} limit 1`,
    );
    add({
      section: `admin lists, ${kind}`,
      what: `${rows.toLocaleString("en-US")} orders, then as many coupons, filled in`,
      value: `${ordersS.toFixed(1)} s + ${couponsS.toFixed(1)} s`,
    });
    await database.close();
    database = undefined;
    server = await startAppServer(db.env);
    await measure(server, kind, rows, code);
  } finally {
    await server?.stop();
    await database?.close();
    await db.drop();
  }
}

export async function adminListsSection(): Promise<void> {
  await onDatabase("pglite");
  const missing = await postgresAvailable();
  if (missing) na("admin lists, postgres", "all", missing);
  else await onDatabase("postgres");
}
