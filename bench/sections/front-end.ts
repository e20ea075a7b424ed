import { gzipSync } from "node:zlib";
import type { AppServer } from "../lib/app-server";
import { add, kb, pct, verdict } from "../lib/table";

const HOME_JS_BUDGET = 110 * 1024;

const gzip = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

/** Gzip size of one asset as the server sends it (its precompressed copies are gzip level 9). */
async function gzipBytes(url: string): Promise<number> {
  const res = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return gzip(Buffer.from(await res.arrayBuffer()));
}

/**
 * The /assets files a page makes the browser load at start: script src, modulepreload and
 * stylesheet links, and the imports of its inline module scripts. Other mentions of an asset
 * are not loads: React Router's inline manifest names its full-manifest file (`"url"`), which
 * the browser fetches only without lazy route discovery (checked in Lighthouse's network log).
 */
export function assetsLoadedBy(html: string): string[] {
  const found = new Set<string>();
  const asset = /\/assets\/[\w.-]+\.(?:js|css)/;
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const isLoad = tag.startsWith("<script") || /\brel="(?:modulepreload|stylesheet)"/.test(tag);
    const url = tag.match(/\b(?:src|href)="([^"]+)"/)?.[1];
    if (isLoad && url && asset.test(url)) found.add(url.match(asset)![0]);
  }
  for (const script of html.match(/<script\b[^>]*type="module"[^>]*>[\s\S]*?<\/script>/g) ?? []) {
    for (const m of script.matchAll(/\bimport\s*(?:[\w*{}\s,]+from\s*)?["'](\/assets\/[\w.-]+\.js)["']/g)) found.add(m[1]);
  }
  return [...found];
}

/** The text of the page's inline <style> elements (the site inlines its stylesheet). */
const inlineCss = (html: string) => [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");

/**
 * JS and CSS each public page loads at start (see assetsLoadedBy), plus its inline CSS. Chunks
 * imported later (after a click or a focus) are not counted.
 */
export async function frontEndSection(server: AppServer, pages: string[]): Promise<void> {
  const section = "front end, gzip";
  for (const page of pages) {
    const html = await (await fetch(server.url + page)).text();
    const assets = assetsLoadedBy(html);
    let js = 0;
    let css = 0;
    for (const asset of assets) {
      const bytes = await gzipBytes(server.url + asset);
      if (asset.endsWith(".js")) js += bytes;
      else css += bytes;
    }
    const inline = inlineCss(html);
    if (inline) css += gzip(Buffer.from(inline));
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
    add({ section, what: `${page} CSS (${assets.length - jsFiles} files${inline ? " + inline" : ""})`, value: kb(css) });
  }
}
