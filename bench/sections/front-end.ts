import { gzipSync } from "node:zlib";
import type { AppServer } from "../lib/app-server";
import { add, kb, pct, verdict } from "../lib/table";

const HOME_JS_BUDGET = 110 * 1024;

/** Gzip size of one asset as the server sends it (its precompressed copies are gzip level 9). */
async function gzipBytes(url: string): Promise<number> {
  const res = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
}

/**
 * JS and CSS each public page loads at start: every /assets/*.js|css its HTML names (module
 * scripts, modulepreload and stylesheet links, the inline entry's imports). Chunks imported later
 * (after a click) are not counted.
 */
export async function frontEndSection(server: AppServer, pages: string[]): Promise<void> {
  const section = "front end, gzip";
  for (const page of pages) {
    const html = await (await fetch(server.url + page)).text();
    const assets = [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])];
    let js = 0;
    let css = 0;
    for (const asset of assets) {
      const bytes = await gzipBytes(server.url + asset);
      if (asset.endsWith(".js")) js += bytes;
      else css += bytes;
    }
    const jsFiles = assets.filter((a) => a.endsWith(".js")).length;
    const home = page === "/";
    add({
      section,
      what: `${page} JS (${jsFiles} files)`,
      value: kb(js),
      baseline: home ? `budget ${kb(HOME_JS_BUDGET)}` : "",
      ratio: home ? pct(js, HOME_JS_BUDGET) : "",
      target: home ? "≤ 110 KB" : "",
      verdict: home ? verdict(js <= HOME_JS_BUDGET) : "",
    });
    add({ section, what: `${page} CSS (${assets.length - jsFiles} files)`, value: kb(css) });
  }
}
