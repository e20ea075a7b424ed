import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import type { AppServer } from "../lib/app-server";
import { bench } from "../lib/config";
import { add, ms, na, verdict } from "../lib/table";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** Lighthouse's default (mobile) run, once per public page, in Debian's Chromium. */
export async function lighthouseSection(server: AppServer, pages: string[]): Promise<void> {
  const section = "Lighthouse, mobile";
  let chrome;
  try {
    chrome = await launch({ chromePath: bench.chromePath, chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu"] });
  } catch (err) {
    na(section, "all pages", `Chromium at ${bench.chromePath} did not start: ${(err as Error).message}`);
    return;
  }
  try {
    for (const page of pages) {
      const result = await lighthouse(server.url + page, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
      const lhr = result?.lhr;
      if (!lhr) {
        na(section, page, "Lighthouse returned no report");
        continue;
      }
      if (lhr.runtimeError) na(section, page, lhr.runtimeError.message);
      const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
      add({ section, what: `${page} perf / a11y / best pr. / SEO`, value: scores.join(" / "), target: "100 each", verdict: verdict(scores.every((s) => s === 100)) });
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      add({ section, what: `${page} LCP / TBT / CLS`, value: `${ms(audit("largest-contentful-paint"))} / ${ms(audit("total-blocking-time"))} / ${audit("cumulative-layout-shift").toFixed(3)}` });
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && (a.scoreDisplayMode === "binary" || a.scoreDisplayMode === "metricSavings"))
        .map((a) => a.id);
      if (failing.length) add({ section, what: `${page} audits below full marks`, value: failing.slice(0, 12).join(", ") });
    }
  } finally {
    await chrome.kill();
  }
}
