import { type AppServer, startAppServer } from "../lib/app-server";
import { bench } from "../lib/config";
import { freshDb, postgresAvailable } from "../lib/databases";
import { compareRounds, pairedRatio } from "../lib/load";
import { add, ms, na, pct, rps, times } from "../lib/table";
import { buyLicence, PAYMENT_SECRET, prepare } from "./store";

/**
 * What the Licence-Signature header costs the validation hot path: the same build on the same
 * PostgreSQL database, once signing (as served) and once with BENCH_UNSIGNED_LICENCE_ANSWERS=1, in
 * interleaved rounds of the same key's validation (docs/decisions/105-signed-licences.md).
 */
export async function licenceSignatureSection(): Promise<void> {
  const section = "licence signature, postgres";
  const missing = await postgresAvailable();
  if (missing) return na(section, "all", missing);
  const db = await freshDb("postgres");
  const servers: AppServer[] = [];
  try {
    const database = await db.open();
    await prepare(database);
    await database.close();
    const env = {
      PAYMENT_PROVIDER: "test",
      PAYMENT_TEST_SECRET: PAYMENT_SECRET,
      CHECKOUT_RATE_LIMIT: "1000000000",
      LICENCE_RATE_LIMIT: "1000000000",
    };
    const signed = await startAppServer(db.env, env);
    servers.push(signed);
    const unsigned = await startAppServer(db.env, { ...env, BENCH_UNSIGNED_LICENCE_ANSWERS: "1" }, bench.port + 1);
    servers.push(unsigned);
    const key = await buyLicence(signed);
    const body = JSON.stringify({ key });
    const call = (url: string) => ({
      url: `${url}/api/licenses/validate`,
      method: "POST" as const,
      body,
      headers: { "Content-Type": "application/json" },
      connections: 10,
    });
    const probe = await fetch(`${signed.url}/api/licenses/validate`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json" },
    });
    const bare = await fetch(`${unsigned.url}/api/licenses/validate`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json" },
    });
    if (!probe.headers.get("licence-signature") || bare.headers.get("licence-signature"))
      throw new Error("bench: the signed/unsigned servers are not");
    const runs = await compareRounds({ signed: call(signed.url), unsigned: call(unsigned.url) }, bench.ratioRounds);
    const ratio = pairedRatio(runs.rounds.signed, runs.rounds.unsigned);
    add({
      section,
      what: "licence validation with Licence-Signature, 10 conn. req/s",
      value: rps(runs.median.signed.rps),
      baseline: `unsigned ${rps(runs.median.unsigned.rps)}`,
      ratio: `${Math.round(ratio * 100)} %`,
    });
    add({
      section,
      what: "licence validation with Licence-Signature, each round's ratio (the median counts)",
      value: runs.rounds.signed.map((run, i) => pct(run.rps, runs.rounds.unsigned[i].rps)).join(", "),
    });
    add({
      section,
      what: "licence validation with Licence-Signature, 10 conn. p99",
      value: ms(runs.median.signed.p99),
      baseline: `unsigned ${ms(runs.median.unsigned.p99)}`,
      ratio: times(runs.median.signed.p99, runs.median.unsigned.p99),
    });
    const failures = [...runs.rounds.signed, ...runs.rounds.unsigned].reduce((sum, run) => sum + run.failures, 0);
    if (failures) add({ section, what: "failed answers", value: String(failures), verdict: "MISS" });
  } finally {
    for (const server of servers) await server.stop();
    await db.drop();
  }
}
