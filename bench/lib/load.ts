import autocannon, { type Options } from "autocannon";
import { bench } from "./config";

export type Load = { rps: number; p50: number; p95: number; p99: number; failures: number };

/** Exact percentile (ms) of sorted samples. */
const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

/**
 * One autocannon run after a short warm-up (JIT, caches, pool connections). Latency percentiles
 * come from every response's own time, not autocannon's whole-millisecond histogram, so p95 exists
 * and sub-millisecond answers are told apart.
 */
export async function load(options: Options, warmUp = true, onMeasuredStart?: () => void): Promise<Load> {
  const opts = { connections: 50, ...options };
  if (warmUp) await autocannon({ ...opts, duration: Math.min(2, bench.duration) });
  onMeasuredStart?.();
  const times: number[] = [];
  const run = autocannon({ duration: bench.duration, ...opts });
  run.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms));
  const result = await run;
  const sorted = Float64Array.from(times).sort();
  return {
    rps: result.requests.average,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * Measures several targets in interleaved rounds (A B C, A B C, …) and keeps each one's median
 * round by throughput: on a shared, noisy machine a neighbour's burst then hits every target alike
 * instead of the one that happened to run at that moment.
 */
export async function compare<K extends string>(targets: Record<K, Options>, rounds = bench.rounds): Promise<Record<K, Load>> {
  return (await compareRounds(targets, rounds)).median;
}

/** compare(), with every round kept: `rounds[name][i]` is round i of that target. */
export async function compareRounds<K extends string>(
  targets: Record<K, Options>,
  rounds = bench.rounds,
): Promise<{ median: Record<K, Load>; rounds: Record<K, Load[]> }> {
  const names = Object.keys(targets) as K[];
  const runs = new Map<K, Load[]>(names.map((n) => [n, []]));
  for (let round = 0; round < rounds; round++) {
    for (const name of names) runs.get(name)!.push(await load(targets[name], round === 0));
  }
  const median = (list: Load[]) => [...list].sort((a, b) => a.rps - b.rps)[Math.floor(list.length / 2)];
  return {
    median: Object.fromEntries(names.map((n) => [n, median(runs.get(n)!)])) as Record<K, Load>,
    rounds: Object.fromEntries(names.map((n) => [n, runs.get(n)!])) as Record<K, Load[]>,
  };
}

/**
 * The median over rounds of each round's throughput ratio a/b. A ratio taken within one round
 * (the two runs back to back) cancels the machine's slower and faster minutes, which the ratio of
 * the two medians, taken from different rounds, does not.
 */
export function pairedRatio(a: Load[], b: Load[]): number {
  const ratios = a.map((run, i) => run.rps / b[i].rps).sort((x, y) => x - y);
  return ratios[Math.floor(ratios.length / 2)];
}
