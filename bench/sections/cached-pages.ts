import { readFileSync } from "node:fs";
import http from "node:http";
import { cachedPages } from "../../server/cached-pages";
import { versionInput } from "../../tests/helpers/product-fixtures";
import type { AppServer } from "../lib/app-server";
import { BENCH_ADMIN, type BenchPublicContent } from "../lib/fill";
import { compare } from "../lib/load";
import { add, ms, pct, rps, times, verdict } from "../lib/table";

const SECTION = "pages, cached";
/** Targets (docs/decisions/102-public-page-cache.md): against the prerendered page in the same rounds. */
const TARGET = { share: 0.7, p99Times: 2, coldMs: 50, thousandPagesMb: 100 };
const PRODUCT = "dirx";
const MEMORY_PAGES = Number(process.env.BENCH_CACHED_PAGES ?? 1000);

/** A cached page's pattern with the bench's own product, quest and advisory in it. */
const urlOf = (path: string, content: BenchPublicContent) =>
  path
    .replace(":productId", PRODUCT)
    .replace(/^\/quests\/:id$/, `/quests/${content.questId}`)
    .replace(/^\/security\/advisories\/:id$/, `/security/advisories/${content.advisoryId}`);
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

async function adminHeaders(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (res.status !== 200) throw new Error(`bench admin login: ${res.status}`);
  const { auth_token } = (await res.json()) as { auth_token: string };
  return { cookie: `session_id=${auth_token}`, "x-requested-with": "XMLHttpRequest", "content-type": "application/json" };
}

let versions = 0;
/** A catalogue write through the API: every catalogue page is dropped. */
async function publish(base: string, headers: Record<string, string>, product = PRODUCT): Promise<void> {
  const res = await fetch(`${base}/api/oni/add/product/version`, {
    method: "POST",
    headers,
    body: JSON.stringify(versionInput(product, `1.${++versions}`, { product_name: product })),
  });
  if (res.status !== 201) throw new Error(`publish ${product}: ${res.status} ${await res.text()}`);
}

let prizes = 0;
/**
 * A write that changes one of `topics`: a catalogue write (a new version) when the page shows the
 * catalogue, else an edit of the quest (the hall of fame shows quests only).
 */
async function change(base: string, headers: Record<string, string>, topics: readonly string[], content: BenchPublicContent) {
  if (topics.includes("catalogue")) return publish(base, headers);
  if (!topics.includes("quests")) throw new Error(`no bench write changes ${topics.join(", ")}`);
  const res = await fetch(`${base}/api/admin/quests/${content.questId}`, {
    method: "PATCH",
    headers,
    body: JSON.stringify({ prize: `₹${10_000 + ++prizes}` }),
  });
  if (res.status !== 200) throw new Error(`quest edit: ${res.status} ${await res.text()}`);
}

/** One GET as sent (no decompression): its status and the bytes on the wire. */
const rawGet = (url: string, encoding = "br, gzip") =>
  new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": encoding }, agent: false }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes }));
      })
      .on("error", reject);
  });

const timed = async (url: string) => {
  const started = performance.now();
  const { status } = await rawGet(url);
  if (status !== 200) throw new Error(`${url} answered ${status}`);
  return performance.now() - started;
};

/**
 * Every page of server/cached-pages.ts against the prerendered page in the same interleaved
 * rounds (50 connections): req/s and p99 warm; the first request after a change alone and 50 at
 * once (cold); and what 1,000 cached release pages hold in memory.
 */
export async function cachedPagesSection(server: AppServer, prerendered: string, content: BenchPublicContent): Promise<void> {
  const headers = await adminHeaders(server.url);
  await publish(server.url, headers);
  for (const { path, topics } of cachedPages) {
    const url = server.url + urlOf(path, content);
    // Cold: the first request after a write to one of the page's topics, in a server that has
    // answered the page before (its first answer since start also compiles the route's code);
    // a page with no topic at its first request.
    if (topics.length) {
      await timed(url);
      await change(server.url, headers, topics, content);
    }
    const alone = await timed(url);
    if (topics.length) await change(server.url, headers, topics, content);
    const together = await Promise.all(Array.from({ length: 50 }, () => timed(url)));
    add({
      section: SECTION,
      what: `${urlOf(path, content)} first request after a change: alone; slowest of 50 at once`,
      value: `${ms(alone)}; ${ms(Math.max(...together))}`,
      target: `≤ ${TARGET.coldMs} ms`,
      verdict: verdict(alone <= TARGET.coldMs),
    });
    const result = await compare({ page: { url }, prerendered: { url: server.url + prerendered } });
    add({
      section: SECTION,
      what: `${urlOf(path, content)} warm, 50 conn. req/s`,
      value: rps(result.page.rps),
      baseline: `${prerendered} ${rps(result.prerendered.rps)}`,
      ratio: pct(result.page.rps, result.prerendered.rps),
      target: `≥ ${TARGET.share * 100} %`,
      verdict: verdict(result.page.rps >= TARGET.share * result.prerendered.rps && result.page.failures === 0),
    });
    add({
      section: SECTION,
      what: `${urlOf(path, content)} warm, 50 conn. p99`,
      value: ms(result.page.p99),
      baseline: `${prerendered} ${ms(result.prerendered.p99)}`,
      ratio: times(result.page.p99, result.prerendered.p99),
      target: `≤ ${TARGET.p99Times}×`,
      verdict: verdict(result.page.p99 <= TARGET.p99Times * result.prerendered.p99),
    });
  }
  await memoryRow(server, headers);
}

/** 1,000 release pages (one product each) held: their bytes in all three encodings, and the server's RSS before and after. */
async function memoryRow(server: AppServer, headers: Record<string, string>): Promise<void> {
  const products = Array.from({ length: MEMORY_PAGES }, (_, i) => `mem${i}`);
  for (const product of products) await publish(server.url, headers, product);
  // The last write's counter is read back by the first request; then every page stays.
  await timed(`${server.url}/releases/${products[0]}`);
  const pid = server.process.pid!;
  const before = rssMb(pid);
  let bytes = 0;
  for (const product of products) {
    for (const encoding of ["identity", "gzip", "br"]) {
      bytes += (await rawGet(`${server.url}/releases/${product}`, encoding)).bytes;
    }
  }
  const heldMb = bytes / 2 ** 20;
  add({
    section: SECTION,
    what: `${MEMORY_PAGES.toLocaleString("en-US")} cached release pages: bytes held (3 encodings); server RSS before → after`,
    value: `${heldMb.toFixed(1)} MB; ${before.toFixed(0)} → ${rssMb(pid).toFixed(0)} MB`,
    target: `< ${TARGET.thousandPagesMb} MB`,
    verdict: verdict(heldMb < TARGET.thousandPagesMb),
  });
}
