import { launch } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import type { AppServer } from "../lib/app-server";
import { bench } from "../lib/config";
import { add, ms, na, verdict } from "../lib/table";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/**
 * Lighthouse's default (mobile) run, `bench.lighthouseRuns` times per public page in Debian's
 * Chromium; the median run (Lighthouse's own choice: closest to the median FCP and TTI) counts, as
 * Lighthouse CI and PageSpeed Insights do, because one run moves with the machine's load.
 */
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
      const runs: Result[] = [];
      for (let i = 0; i < bench.lighthouseRuns; i++) {
        const lhr = (
          await lighthouse(server.url + page, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] })
        )?.lhr;
        if (lhr?.runtimeError) na(section, page, lhr.runtimeError.message);
        else if (lhr) runs.push(lhr);
      }
      // The module types its arguments with a global LH namespace that this project does not load.
      const valid: Result[] = filterToValidRuns(runs);
      if (!valid.length) {
        na(section, page, "Lighthouse returned no complete report");
        continue;
      }
      const lhr: Result = computeMedianRun(valid);
      const perfOfRuns = valid.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
      const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
      add({
        section,
        what: `${page} perf / a11y / best pr. / SEO`,
        value: `${scores.join(" / ")} (perf of each run: ${perfOfRuns.join(", ")})`,
        target: "100 each",
        verdict: verdict(scores.every((s) => s === 100)),
      });
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      add({
        section,
        what: `${page} LCP / TBT / CLS`,
        value: `${ms(audit("largest-contentful-paint"))} / ${ms(audit("total-blocking-time"))} / ${audit("cumulative-layout-shift").toFixed(3)}`,
      });
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && (a.scoreDisplayMode === "binary" || a.scoreDisplayMode === "metricSavings"))
        .map((a) => a.id);
      if (failing.length) add({ section, what: `${page} audits below full marks`, value: failing.slice(0, 12).join(", ") });
    }
  } finally {
    await chrome.kill();
  }
}
