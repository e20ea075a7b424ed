import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Options } from "autocannon";
import { type AppServer } from "../lib/app-server";
import type { BenchPublicContent } from "../lib/fill";
import { bench } from "../lib/config";
import { compare, type Load } from "../lib/load";
import { nginxMissing, startNginx } from "../lib/nginx";
import { type Child, startChild, waitReady } from "../lib/processes";
import { add, ms, na, pct, rps, verdict } from "../lib/table";
import { cachedPagesSection } from "./cached-pages";

const bareScript = path.join(path.dirname(new URL(import.meta.url).pathname), "../baselines/bare-http.mjs");
const SECTION = "pages, 50 conn.";

/** The page exactly as the app sends it to a client that asks for no compression. */
async function snapshot(url: string) {
  const res = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => (headers[name] = value));
  return { headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** A bare node:http server sending these bytes and headers from memory. */
async function startBare({ body, headers }: Awaited<ReturnType<typeof snapshot>>): Promise<Child & { cleanup(): void }> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-bare-"));
  const { "content-length": _l, "transfer-encoding": _t, date: _d, connection: _c, "keep-alive": _k, ...kept } = headers;
  writeFileSync(path.join(dir, "body"), body);
  writeFileSync(path.join(dir, "spec.json"), JSON.stringify({ headers: kept, bodyFile: path.join(dir, "body") }));
  const child = startChild(process.execPath, [bareScript, path.join(dir, "spec.json")], { PORT: String(bench.barePort) });
  await waitReady(`http://127.0.0.1:${bench.barePort}/`, child, 10_000);
  return { ...child, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

function report(label: string, app: Load, base: Load, baseName: string, minShare?: number) {
  add({
    section: SECTION,
    what: `${label} req/s`,
    value: rps(app.rps),
    baseline: `${baseName} ${rps(base.rps)}`,
    ratio: pct(app.rps, base.rps),
    target: minShare ? `≥ ${minShare * 100} %` : "",
    verdict: minShare ? verdict(app.rps / base.rps >= minShare) : "",
  });
  add({
    section: SECTION,
    what: `${label} p99`,
    value: ms(app.p99),
    baseline: `${baseName} ${ms(base.p99)}`,
    ratio: `${(app.p99 / base.p99).toFixed(2)}×`,
  });
  if (app.failures) add({ section: SECTION, what: `${label} failed answers`, value: String(app.failures), verdict: "MISS" });
}

/** A prerendered page against bare node:http and nginx sending the same bytes; an SSR page likewise. */
export async function pagesSection(server: AppServer, prerendered: string, ssr: string, content: BenchPublicContent): Promise<void> {
  const page = await snapshot(server.url + prerendered);
  const missing = nginxMissing();
  const bare = await startBare(page);
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  let nginxProblem = missing;
  try {
    if (!missing)
      nginx = await startNginx(page.body, page.headers, page.headers["content-type"]).catch(
        (err: Error) => void (nginxProblem = err.message.split("\n")[0]),
      );
    const targets: Record<string, Options> = {
      app: { url: server.url + prerendered },
      bare: { url: `http://127.0.0.1:${bench.barePort}/` },
    };
    if (nginx) targets.nginx = { url: `http://127.0.0.1:${bench.nginxPort}/` };
    const result = await compare(targets);
    report(`prerendered ${prerendered}`, result.app, result.bare, "node:http");
    if (result.nginx) report(`prerendered ${prerendered}`, result.app, result.nginx, "nginx", 0.8);
    else na(SECTION, `prerendered ${prerendered} vs nginx`, nginxProblem ?? "nginx did not start");
  } finally {
    for (const child of [bare, nginx]) {
      await child?.stop();
      child?.cleanup();
    }
  }
  await cachedPagesSection(server, prerendered, content);
  const ssrBare = await startBare(await snapshot(server.url + ssr));
  try {
    const result = await compare({ app: { url: server.url + ssr }, bare: { url: `http://127.0.0.1:${bench.barePort}/` } });
    report(`SSR ${ssr}`, result.app, result.bare, "node:http (same bytes)");
  } finally {
    await ssrBare.stop();
    ssrBare.cleanup();
  }
}
