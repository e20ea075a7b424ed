import { launch } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import type { AppServer } from "../lib/app-server";
import { bench } from "../lib/config";
import { describeLongTask, longTasks, shortUrl } from "../lib/long-tasks";
import { add, kb, ms, na, verdict } from "../lib/table";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** The worst run must meet this (docs/benchmarks.md, Lighthouse): a phone that happens to be slow still gets a page that answers. */
const WORST_TBT_MS = 50;

/**
 * The baseline: public pages booting the whole app with React Router (Lighthouse 12.8.2, mobile,
 * 5 runs on a quiet machine of the CI kind): the worst run per page, and the JavaScript every public
 * page loads that way (~107 KB gzip of React, React Router and the page's components). Shown
 * in the baseline column so each run reads against them.
 */
const BEFORE: Record<string, { perf: number; tbt: number }> = {
  "/": { perf: 91, tbt: 365 },
  "/products/educational/campus/contact": { perf: 89, tbt: 445 },
};
const BEFORE_SCRIPT_KB = 107;

const score = (r: Result, c: (typeof CATEGORIES)[number]) => Math.round((r.categories[c]?.score ?? 0) * 100);
const numeric = (r: Result, id: string) => r.audits[id]?.numericValue ?? NaN;

/** Lighthouse's main-thread time per kind of work ("Style & Layout 310 ms, Script Evaluation 150 ms, ..."). */
function workBreakdown(r: Result): string {
  const items =
    (r.audits["mainthread-work-breakdown"]?.details as { items?: { groupLabel: string; duration: number }[] } | undefined)?.items ?? [];
  return items.map((i) => `${i.groupLabel} ${Math.round(i.duration)}`).join(", ");
}

/** Script time per URL, Lighthouse's bootup-time: "/assets/islands-x.js 120 (eval 100, parse 5)". */
function bootup(r: Result, origin: string): string {
  type Item = { url: string; total: number; scripting: number; scriptParseCompile: number };
  const items = (r.audits["bootup-time"]?.details as { items?: Item[] } | undefined)?.items ?? [];
  return items
    .map(
      (i) =>
        `${shortUrl(i.url, origin)} ${Math.round(i.total)} (eval ${Math.round(i.scripting)}, parse ${Math.round(i.scriptParseCompile)})`,
    )
    .join("; ");
}

/** Bytes of script the page transferred (gzip as sent), from Lighthouse's resource summary. */
function scriptBytes(r: Result): number {
  const items = (r.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items;
  return items?.find((i) => i.resourceType === "script")?.transferSize ?? NaN;
}

/** The five metrics the performance score is made of (Lighthouse 12), with the unit each is shown in. */
const SCORED_METRICS = [
  ["first-contentful-paint", "FCP", "ms"],
  ["largest-contentful-paint", "LCP", "ms"],
  ["speed-index", "SI", "ms"],
  ["total-blocking-time", "TBT", "ms"],
  ["cumulative-layout-shift", "CLS", ""],
] as const;

/**
 * A run whose performance is below 100 says which metrics cost it points: each metric's value and
 * its own score (out of 100). Without it a worst run of, say, 96 with TBT 0 ms leaves no trace of
 * whether the paint, the speed index or a layout shift was slow in that run.
 */
function explainScore(section: string, what: string, lhr: Result): void {
  const perf = score(lhr, "performance");
  if (perf === 100 && bench.lighthouseTasks !== "all") return;
  const metrics = SCORED_METRICS.map(([id, label, unit]) => {
    const value = numeric(lhr, id);
    const shown = unit === "ms" ? `${Math.round(value)} ms` : value.toFixed(3);
    return `${label} ${shown} (score ${Math.round((lhr.audits[id]?.score ?? 0) * 100)})`;
  });
  add({ section, what: `${what}: performance ${perf}, by metric`, value: metrics.join(", ") });
}

/**
 * A run whose total blocking time is over the target (or every run, BENCH_LIGHTHOUSE_TASKS=all)
 * says why: its long tasks (>= 50 ms on the simulated phone) with what each did and for which
 * script, and the run's main-thread time by kind of work and by script.
 */
async function explainRun(section: string, what: string, artifacts: unknown, lhr: Result, origin: string): Promise<void> {
  explainScore(section, what, lhr);
  const tbt = numeric(lhr, "total-blocking-time");
  if (!(tbt > WORST_TBT_MS || bench.lighthouseTasks === "all")) return;
  let tasks: string;
  try {
    const found = await longTasks(artifacts as Parameters<typeof longTasks>[0], lhr);
    tasks = found.length ? found.map((t) => describeLongTask(t, origin)).join("; ") : "none";
  } catch (err) {
    tasks = `n/a (${(err as Error).message})`;
  }
  const fcp = numeric(lhr, "first-contentful-paint");
  const tti = numeric(lhr, "interactive");
  add({
    section,
    what: `${what}: TBT ${ms(tbt)} (FCP ${Math.round(fcp)} ms, TTI ${Math.round(tti)} ms), long tasks`,
    value: tasks,
  });
  add({ section, what: `${what}: main thread by kind (ms)`, value: workBreakdown(lhr) });
  add({ section, what: `${what}: script by URL (ms)`, value: bootup(lhr, origin) || "none" });
}

/**
 * Lighthouse's default (mobile) run, `bench.lighthouseRuns` times (default 5) per public page in
 * Debian's Chromium. Two readings: the median run (Lighthouse's own choice, closest to the median
 * FCP and TTI, as Lighthouse CI and PageSpeed Insights report) for the four category scores, and
 * the WORST run for performance and total blocking time, because a visitor's phone is not the
 * median machine: the target is that every run scores 100 with TBT <= 50 ms. Per page also
 * the script bytes transferred and the script execution time (Lighthouse's bootup-time, on its
 * simulated 4x slower CPU) of the median run.
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
      // Lighthouse drops a run without the metrics it needs (filterToValidRuns; seen once on the
      // first page of a quiet run): such a run is taken again, so the worst is of the full count.
      for (let i = 0, tries = 0; runs.length < bench.lighthouseRuns && tries < 2 * bench.lighthouseRuns; tries++) {
        const result = await lighthouse(server.url + page, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
        });
        const lhr = result?.lhr;
        if (lhr?.runtimeError) na(section, page, lhr.runtimeError.message);
        else if (result && lhr && filterToValidRuns([lhr]).length) {
          runs.push(lhr);
          await explainRun(section, `${page} run ${++i}`, result.artifacts, lhr, server.url);
        } else na(section, `${page} try ${tries + 1}`, "incomplete Lighthouse report, taken again");
      }
      // The module types its arguments with a global LH namespace that this project does not load.
      const valid: Result[] = filterToValidRuns(runs);
      if (!valid.length) {
        na(section, page, "Lighthouse returned no complete report");
        continue;
      }
      const median: Result = computeMedianRun(valid);
      const scores = CATEGORIES.map((c) => score(median, c));
      add({
        section,
        what: `${page} perf / a11y / best pr. / SEO (median of ${valid.length} runs)`,
        value: scores.join(" / "),
        target: "100 each",
        verdict: verdict(scores.every((s) => s === 100)),
      });

      const perfs = valid.map((r) => score(r, "performance"));
      const tbts = valid.map((r) => numeric(r, "total-blocking-time"));
      const worstPerf = Math.min(...perfs);
      const worstTbt = Math.max(...tbts);
      const before = BEFORE[page];
      add({
        section,
        what: `${page} worst of ${valid.length} runs: perf / TBT`,
        value: `${worstPerf} / ${ms(worstTbt)} (perf per run ${perfs.join(", ")}; TBT per run ${tbts.map((t) => Math.round(t)).join(", ")} ms)`,
        baseline: before ? `${before.perf} / ${ms(before.tbt)} (before)` : undefined,
        target: `100 / <= ${WORST_TBT_MS} ms`,
        verdict: verdict(worstPerf === 100 && worstTbt <= WORST_TBT_MS),
      });

      add({
        section,
        what: `${page} LCP / CLS; script sent / script run (median run)`,
        value: `${ms(numeric(median, "largest-contentful-paint"))} / ${numeric(median, "cumulative-layout-shift").toFixed(3)}; ${kb(scriptBytes(median))} / ${ms(numeric(median, "bootup-time"))}`,
        baseline: `script sent ${BEFORE_SCRIPT_KB} KB (before)`,
      });
      const failing = Object.values(median.audits)
        .filter((a) => a.score !== null && a.score < 1 && (a.scoreDisplayMode === "binary" || a.scoreDisplayMode === "metricSavings"))
        .map((a) => a.id);
      if (failing.length) add({ section, what: `${page} audits below full marks`, value: failing.slice(0, 12).join(", ") });
    }
  } finally {
    await chrome.kill();
  }
}
