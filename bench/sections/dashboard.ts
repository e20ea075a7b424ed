import { type AppServer, loginToken, startAppServer } from "../lib/app-server";
import { bench } from "../lib/config";
import { freshDb, type Kind, postgresAvailable } from "../lib/databases";
import { BENCH_ADMIN, createBenchAdmin, fillOrders } from "../lib/fill";
import { load } from "../lib/load";
import { add, ms, na, rps, times, verdict } from "../lib/table";

const CONNECTIONS = 10;

/**
 * Dashboard API latency under load against /healthz of the same server, and the event-loop delay
 * meanwhile (its baseline: the delay under /healthz load, which shows what the machine's
 * neighbours cost, since a descheduled process counts as a delayed loop).
 */
async function measure(server: AppServer, kind: Kind, orders: number): Promise<void> {
  const section = `dashboard API, ${kind}, ${CONNECTIONS} conn.`;
  const token = await loginToken(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const health = await load({ url: `${server.url}/healthz`, connections: CONNECTIONS }, true, server.resetEventLoopDelay);
  const healthEld = (await server.eventLoopDelay()).eldP99;
  const dash = await load({ url: `${server.url}/api/oni/dashboard`, connections: CONNECTIONS, headers: { Authorization: `Bearer ${token}` } }, true, server.resetEventLoopDelay);
  const { eldP99 } = await server.eventLoopDelay();
  const n = orders.toLocaleString("en-US");
  const atMillion = orders >= 1_000_000;
  add({ section, what: `${n} orders p50`, value: ms(dash.p50), baseline: `/healthz ${ms(health.p50)}`, ratio: times(dash.p50, health.p50) });
  add({ section, what: `${n} orders p95`, value: ms(dash.p95), baseline: `/healthz ${ms(health.p95)}`, ratio: times(dash.p95, health.p95), target: atMillion ? "≤ 10 ms" : "", verdict: atMillion ? verdict(dash.p95 <= 10) : "" });
  add({ section, what: `${n} orders req/s`, value: rps(dash.rps), baseline: `/healthz ${rps(health.rps)}`, ratio: `${Math.round((dash.rps / health.rps) * 100)} %` });
  add({ section, what: `${n} orders event-loop delay p99`, value: ms(eldP99), baseline: `under /healthz load ${ms(healthEld)}`, ratio: times(eldP99, healthEld), target: atMillion ? "≤ 50 ms" : "", verdict: atMillion ? verdict(eldP99 <= 50) : "" });
  if (dash.failures) add({ section, what: `${n} orders failed answers`, value: String(dash.failures), verdict: "MISS" });
}

/**
 * Grows one database through the order counts. PGlite allows one opener, so its server is stopped
 * for each fill; PostgreSQL is filled beside the running server.
 */
async function onDatabase(kind: Kind): Promise<void> {
  const db = await freshDb(kind);
  let database = await db.open();
  let server: AppServer | undefined;
  try {
    await createBenchAdmin(database);
    let filled = 0;
    for (const orders of bench.orderSizes) {
      if (kind === "pglite" && server) {
        await server.stop();
        server = undefined;
        database = await db.open();
      }
      const started = Date.now();
      await fillOrders(database, filled, orders);
      console.log(`  (${kind}: ${orders.toLocaleString("en-US")} orders filled in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
      filled = orders;
      if (kind === "pglite") await database.close();
      server ??= await startAppServer(db.env);
      await measure(server, kind, orders);
    }
  } finally {
    await server?.stop();
    if (kind === "postgres") await database.close();
    await db.drop();
  }
}

export async function dashboardSection(): Promise<void> {
  await onDatabase("pglite");
  const missing = await postgresAvailable();
  if (missing) na("dashboard API, postgres", "all", missing);
  else await onDatabase("postgres");
}
