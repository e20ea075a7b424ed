import type { Result } from "lighthouse";
import { LoadSimulator } from "lighthouse/core/computed/load-simulator.js";
import { MainThreadTasks } from "lighthouse/core/computed/main-thread-tasks.js";
import { NetworkRecords } from "lighthouse/core/computed/network-records.js";
import { PageDependencyGraph } from "lighthouse/core/computed/page-dependency-graph.js";
import { getAttributableURLForTask, getJavaScriptURLs } from "lighthouse/core/lib/tracehouse/task-summary.js";

// Lighthouse's modules type their arguments with a global LH namespace this project does not load;
// these are the few fields read here.
type TraceEvent = { name: string };
type TaskNode = {
  event: TraceEvent;
  startTime: number;
  duration: number;
  selfTime: number;
  unbounded: boolean;
  parent?: TaskNode;
  children: TaskNode[];
  attributableURLs: string[];
  group: { id: string; label: string };
};
type GraphNode = { type: string; event: TraceEvent };
type Timing = { startTime: number; duration: number };
type Simulation = { nodeTimings: Map<GraphNode, Timing> };
type Artifacts = { Trace: unknown; DevtoolsLog: unknown; URL: unknown; SourceMaps: unknown };

/** One main-thread task that Lighthouse's simulated phone runs for 50 ms or more. */
export type LongTask = {
  /** Simulated start and duration (ms), as the long-tasks audit and TBT see them. */
  start: number;
  duration: number;
  /** The same task as it ran in the trace (ms), before the simulated CPU slowdown. */
  observed: number;
  /** The script (or, for none, the page, "Browser" or "Unattributable") Lighthouse attributes it to. */
  url: string;
  /** Self time per task group ("Script Evaluation", "Style & Layout", ...), scaled to the simulated duration. */
  groups: [string, number][];
  /** Self time per trace event name (EvaluateScript, UpdateLayoutTree, Layout, ParseHTML...), scaled likewise. */
  events: [string, number][];
};

const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);
const sorted = (map: Map<string, number>, scale: number) =>
  [...map]
    .map(([k, v]): [string, number] => [k, v * scale])
    .filter(([, v]) => v >= 1)
    .sort((a, b) => b[1] - a[1]);

/**
 * The long tasks of one Lighthouse run with what they did. Lighthouse's own `long-tasks` audit
 * lists them with simulated durations but, in its simulation, attributes almost all their time to
 * the top-level task ("Other"): the simulated graph keeps only top-level tasks. So this runs the
 * same simulation on the run's trace and devtools log (PageDependencyGraph, LoadSimulator, as the
 * audit does) and breaks each simulated long task down by the self time of its events in the
 * trace, scaled to its simulated duration (the simulator multiplies a task by the CPU slowdown, 4,
 * or half that when it laid out).
 */
export async function longTasks(artifacts: Artifacts, lhr: Result): Promise<LongTask[]> {
  const context = { computedCache: new Map(), settings: lhr.configSettings };
  const settings = lhr.configSettings;
  const { Trace: trace, DevtoolsLog: devtoolsLog, URL, SourceMaps } = artifacts;
  const tasks = (await MainThreadTasks.request(trace as never, context as never)) as unknown as TaskNode[];
  const networkRecords = await NetworkRecords.request(devtoolsLog as never, context as never);
  const jsURLs = getJavaScriptURLs(networkRecords);
  const graph = await PageDependencyGraph.request(
    { settings, trace, devtoolsLog, URL, SourceMaps, fromTrace: false } as never,
    context as never,
  );
  const simulator = await LoadSimulator.request({ devtoolsLog, settings } as never, context as never);
  const simulation = simulator.simulate(graph, { label: "bench-long-tasks" }) as unknown as Simulation;
  const simulated = new Map<TraceEvent, Timing>();
  for (const [node, timing] of simulation.nodeTimings) if (node.type === "cpu") simulated.set(node.event, timing);

  const found: LongTask[] = [];
  for (const task of tasks) {
    if (task.parent || task.unbounded) continue;
    const timing = simulated.get(task.event);
    if (!timing || timing.duration < 50) continue;
    const groups = new Map<string, number>();
    const events = new Map<string, number>();
    const walk = (t: TaskNode) => {
      add(groups, t.group.label, t.selfTime);
      add(events, t.event.name, t.selfTime);
      t.children.forEach(walk);
    };
    walk(task);
    const scale = task.duration > 0 ? timing.duration / task.duration : 0;
    found.push({
      start: timing.startTime,
      duration: timing.duration,
      observed: task.duration,
      url: getAttributableURLForTask(task as never, jsURLs),
      groups: sorted(groups, scale),
      events: sorted(events, scale),
    });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** A URL of the page under test without its origin ("/assets/islands-x.js"); others as they are. */
export const shortUrl = (url: string, origin: string) => (url.startsWith(origin) ? url.slice(origin.length) || "/" : url);

/** "at 1,210 ms 96 ms (24.0 ms observed) /assets/islands-x.js: Script Evaluation 60, ... [EvaluateScript 58, ...]" */
export function describeLongTask(t: LongTask, origin: string): string {
  const round = (pairs: [string, number][], n: number) =>
    pairs
      .slice(0, n)
      .map(([k, v]) => `${k} ${Math.round(v)}`)
      .join(", ");
  return `at ${Math.round(t.start)} ms ${Math.round(t.duration)} ms (${t.observed.toFixed(1)} ms observed) ${shortUrl(t.url, origin)}: ${round(t.groups, 4)} [${round(t.events, 5)}]`;
}
