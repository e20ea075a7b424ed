import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "@playwright/test";
import type { AppServer } from "../lib/app-server";
import { bench } from "../lib/config";
import { add, kb, na, pct, verdict } from "../lib/table";

const SECTION = "front end, gzip";
const HOME_JS_BUDGET = 110 * 1024;

const gzip = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

/** Gzip size of one asset as the server sends it (its precompressed copies are gzip level 9). */
async function gzipBytes(url: string): Promise<number> {
  const res = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return gzip(Buffer.from(await res.arrayBuffer()));
}

/**
 * The /assets JS and CSS files a page makes Chromium load until it has hydrated and the network
 * is idle, without any input (chunks loaded on a click or a focus are not counted). Asked of a
 * real browser rather than read from the HTML: the page decides at run time what it loads
 * (decision 007 moved the preloads into the bootstrap, and an HTML reading counted 0 files).
 */
async function assetsLoadedBy(browser: Browser, url: string): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const found = new Set<string>();
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/assets\/.+\.(?:js|css)$/.test(pathname)) found.add(pathname);
    });
    await page.goto(url);
    await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    return [...found];
  } finally {
    await context.close();
  }
}

/** The text of the page's inline <style> elements (the site inlines its stylesheet). */
const inlineCss = (html: string) => [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");

/**
 * JS and CSS each public page loads at start (see assetsLoadedBy), plus its inline CSS. Chunks
 * imported later (after a click or a focus) are not counted.
 */
export async function frontEndSection(server: AppServer, pages: string[]): Promise<void> {
  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: bench.chromePath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
  } catch (err) {
    na(SECTION, "all pages", `Chromium at ${bench.chromePath} did not start: ${(err as Error).message.split("\n")[0]}`);
    return;
  }
  try {
    for (const page of pages) await measurePage(server, browser, page);
  } finally {
    await browser.close();
  }
}

async function measurePage(server: AppServer, browser: Browser, page: string): Promise<void> {
  const html = await (await fetch(server.url + page)).text();
  const assets = await assetsLoadedBy(browser, server.url + page);
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
    section: SECTION,
    what: `${page} JS (${jsFiles} files)`,
    value: kb(js),
    baseline: home ? `budget ${kb(HOME_JS_BUDGET)}` : "",
    ratio: home ? pct(js, HOME_JS_BUDGET) : "",
    target: home ? "≤ 110 KB" : "",
    // No script at all means the count is broken (every public page hydrates), not a small page.
    verdict: jsFiles === 0 ? "MISS" : home ? verdict(js <= HOME_JS_BUDGET) : "",
  });
  add({ section: SECTION, what: `${page} CSS (${assets.length - jsFiles} files${inline ? " + inline" : ""})`, value: kb(css) });
}
