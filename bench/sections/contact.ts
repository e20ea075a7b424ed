import path from "node:path";
import { fileURLToPath } from "node:url";
import { startAppServer } from "../lib/app-server";
import { bench } from "../lib/config";
import { type BenchDb, freshDb, type Kind, postgresAvailable } from "../lib/databases";
import { compare } from "../lib/load";
import { startChild, waitReady } from "../lib/processes";
import { add, ms, na, pct, rps, verdict } from "../lib/table";

const insertServer = path.join(path.dirname(fileURLToPath(import.meta.url)), "../baselines/insert-server.ts");
const body = JSON.stringify({
  name: "Bench Person",
  email: "bench@example.com",
  message: "A message from the benchmark, as long as a real one might be.",
});
const post = (url: string) => ({ url, method: "POST", body, headers: { "Content-Type": "application/json" } });

/** POST /api/contact-general at 10 and 50 connections against plain INSERTs through the same driver. */
async function onDatabase(kind: Kind): Promise<void> {
  const section = `contact post, ${kind}`;
  const dbs: BenchDb[] = [];
  const children = [];
  try {
    dbs.push(await freshDb(kind), await freshDb(kind));
    const app = await startAppServer(dbs[0].env);
    children.push(app);
    const baseline = startChild(process.execPath, ["--import", "tsx", insertServer], { PORT: String(bench.insertPort), ...dbs[1].env });
    children.push(baseline);
    await waitReady(`http://127.0.0.1:${bench.insertPort}/`, baseline);
    for (const connections of [10, 50]) {
      const result = await compare({
        app: { ...post(`${app.url}/api/contact-general`), connections },
        insert: { ...post(`http://127.0.0.1:${bench.insertPort}/`), connections },
      });
      const atTen = connections === 10;
      add({
        section,
        what: `${connections} conn. req/s`,
        value: rps(result.app.rps),
        baseline: `plain INSERT ${rps(result.insert.rps)}`,
        ratio: pct(result.app.rps, result.insert.rps),
        target: atTen ? "≥ 2,000/s" : "",
        verdict: atTen ? verdict(result.app.rps >= 2000) : "",
      });
      add({
        section,
        what: `${connections} conn. p99`,
        value: ms(result.app.p99),
        baseline: `plain INSERT ${ms(result.insert.p99)}`,
        ratio: `${(result.app.p99 / result.insert.p99).toFixed(2)}×`,
        target: atTen ? "≤ 50 ms" : "",
        verdict: atTen ? verdict(result.app.p99 <= 50) : "",
      });
      if (result.app.failures)
        add({ section, what: `${connections} conn. failed answers`, value: String(result.app.failures), verdict: "MISS" });
    }
  } finally {
    for (const child of children) await child.stop();
    for (const db of dbs) await db.drop();
  }
}

export async function contactSection(): Promise<void> {
  await onDatabase("pglite");
  const missing = await postgresAvailable();
  if (missing) na("contact post, postgres", "all", missing);
  else await onDatabase("postgres");
}
