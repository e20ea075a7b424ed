import { type AppServer, loginToken, startAppServer } from "../lib/app-server";
import { bench } from "../lib/config";
import { freshDb, type Kind, postgresAvailable } from "../lib/databases";
import { BENCH_ADMIN, createBenchAdmin, fillOrders } from "../lib/fill";
import { compare, load } from "../lib/load";
import { add, ms, na, rps, times, verdict } from "../lib/table";

const UNDER_LOAD = 10;

/**
 * Dashboard API latency of one admin (1 connection: the time one answer takes) against /healthz of
 * the same server; then throughput and the event-loop delay under load (10 connections), the
 * delay against the delay under /healthz load, which shows what the machine's neighbours cost
 * (a descheduled process counts as a delayed loop).
 */
async function measure(server: AppServer, kind: Kind, orders: number): Promise<void> {
  const section = `dashboard API, ${kind}`;
  const token = await loginToken(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const dashboard = { url: `${server.url}/api/oni/dashboard`, headers: { Authorization: `Bearer ${token}` } };
  const health = { url: `${server.url}/healthz` };
  const n = orders.toLocaleString("en-US");
  const atMillion = orders >= 1_000_000;
  const one = await compare({ dash: { ...dashboard, connections: 1 }, health: { ...health, connections: 1 } }, 1);
  add({
    section,
    what: `${n} orders, 1 conn. p50`,
    value: ms(one.dash.p50),
    baseline: `/healthz ${ms(one.health.p50)}`,
    ratio: times(one.dash.p50, one.health.p50),
  });
  add({
    section,
    what: `${n} orders, 1 conn. p95`,
    value: ms(one.dash.p95),
    baseline: `/healthz ${ms(one.health.p95)}`,
    ratio: times(one.dash.p95, one.health.p95),
    target: atMillion ? "≤ 10 ms" : "",
    verdict: atMillion ? verdict(one.dash.p95 <= 10) : "",
  });
  const healthLoad = await load({ ...health, connections: UNDER_LOAD }, true, server.resetEventLoopDelay);
  const healthEld = (await server.eventLoopDelay()).eldP99;
  const dashLoad = await load({ ...dashboard, connections: UNDER_LOAD }, true, server.resetEventLoopDelay);
  const { eldP99 } = await server.eventLoopDelay();
  add({
    section,
    what: `${n} orders, ${UNDER_LOAD} conn. req/s`,
    value: rps(dashLoad.rps),
    baseline: `/healthz ${rps(healthLoad.rps)}`,
    ratio: `${Math.round((dashLoad.rps / healthLoad.rps) * 100)} %`,
  });
  add({
    section,
    what: `${n} orders, ${UNDER_LOAD} conn. p95`,
    value: ms(dashLoad.p95),
    baseline: `/healthz ${ms(healthLoad.p95)}`,
    ratio: times(dashLoad.p95, healthLoad.p95),
  });
  add({
    section,
    what: `${n} orders, ${UNDER_LOAD} conn. event-loop delay p99`,
    value: ms(eldP99),
    baseline: `under /healthz load ${ms(healthEld)}`,
    ratio: times(eldP99, healthEld),
    target: atMillion ? "≤ 50 ms" : "",
    verdict: atMillion ? verdict(eldP99 <= 50) : "",
  });
  const failures = one.dash.failures + dashLoad.failures;
  if (failures) add({ section, what: `${n} orders failed answers`, value: String(failures), verdict: "MISS" });
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
