import { sql } from "drizzle-orm";
import { loadConfig } from "../../server/platform/config";
import type { Database } from "../../server/platform/db/client";
import { queryRows } from "../../server/platform/db/query-rows";
import { canonicalLicenceKey, encryptLicenceKey, licenceKeyHash, newLicenceKey } from "../../server/features/licences";
import { createServices } from "../../server/services";
import { type AppServer, startAppServer } from "../lib/app-server";
import { bench } from "../lib/config";
import { freshDb, type Kind, postgresAvailable } from "../lib/databases";
import { fillOrders } from "../lib/fill";
import { load } from "../lib/load";
import { add, ms, na, rps, times, verdict } from "../lib/table";

const CONNECTIONS = 10;
/** GET /api/account for a customer with 50 orders, among 100,000: p95 ≤ 20 ms at 10 connections. */
const TARGET_P95 = 20;
const BUYER_ORDERS = 50;
const MACHINES = 2;
// The server decrypts each key for its hint, so the bench writes keys with the server's own secret.
export const LICENCE_SECRET = "bench-licence-secret-0123456789abcdef-0123456789";
const BUYER = { email: "buyer50@example.com", name: "Buyer Fifty" };

/**
 * The buyer: 50 paid orders, each with its licence (a real key, sealed as fulfilment seals it) and
 * two machines seen lately, among the other customers' orders. Returns a customer session token.
 */
export async function fillBuyer(database: Database): Promise<string> {
  const [{ id: customerId }] = await queryRows<{ id: string }>(
    database.db,
    sql`insert into customers (email, name) values (${BUYER.email}, ${BUYER.name}) returning id`,
  );
  const orderIds = await queryRows<{ id: string }>(
    database.db,
    sql`insert into orders (customer_id, customer_email, customer_name, product_version_id, amount_paid_minor, payment_id, status, paid_at, created_at, expires_at)
      select ${customerId}, ${BUYER.email}, ${BUYER.name}, (select id from product_versions where product_id = 'bench' and version = '1.0.0'),
        4900, 'pay_buyer_' || i, 'active', now() - make_interval(days => i * 7), now() - make_interval(days => i * 7),
        now() - make_interval(days => i * 7) + interval '365 days'
      from generate_series(1, ${BUYER_ORDERS}) i returning id`,
  );
  for (const { id } of orderIds) {
    const key = newLicenceKey();
    const [{ id: licenceId }] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into licences (order_id, key_hash, key_encrypted, machine_limit, expires_at)
        values (${id}, ${licenceKeyHash(LICENCE_SECRET, canonicalLicenceKey(key)!)}, ${encryptLicenceKey(LICENCE_SECRET, key)}, 3, now() + interval '300 days')
        returning id`,
    );
    await database.db.execute(sql`insert into licence_machines (licence_id, fingerprint, name, activated_at, last_seen_at)
      select ${licenceId}, 'fp-' || ${licenceId} || '-' || m, 'Machine ' || m, now() - interval '30 days', now() - make_interval(hours => m)
      from generate_series(1, ${MACHINES}) m`);
  }
  await database.db.execute(sql.raw(`vacuum analyze`));
  const config = loadConfig({ LOG_REQUESTS: "false", LICENCE_SECRET });
  return createServices(database.db, config).customerSessions.start(Number(customerId));
}

async function onDatabase(kind: Kind, total: number): Promise<void> {
  const section = `account, ${kind}`;
  const db = await freshDb(kind);
  let database: Database | undefined = await db.open();
  let server: AppServer | undefined;
  try {
    const started = Date.now();
    await fillOrders(database, 0, total - BUYER_ORDERS);
    const token = await fillBuyer(database);
    add({ section, what: `${total.toLocaleString("en-US")} orders filled in`, value: `${((Date.now() - started) / 1000).toFixed(1)} s` });
    await database.close();
    database = undefined;
    server = await startAppServer(db.env, { LICENCE_SECRET });
    const url = `${server.url}/api/account`;
    const headers = { Cookie: `customer_session=${token}` };
    const check = await fetch(url, { headers });
    const body = (await check.json()) as { orders?: { licence: { machines: unknown[] } | null }[] };
    const machines = body.orders?.reduce((n, o) => n + (o.licence?.machines.length ?? 0), 0);
    if (check.status !== 200 || body.orders?.length !== BUYER_ORDERS || machines !== BUYER_ORDERS * MACHINES)
      throw new Error(`GET /api/account: ${check.status}, ${body.orders?.length} orders, ${machines} machines`);
    const health = await load({ url: `${server.url}/healthz`, connections: CONNECTIONS });
    const result = await load({ url, headers, connections: CONNECTIONS });
    const alone = await load({ url, headers, connections: 1 }, false);
    add({
      section,
      what: `GET /api/account, ${BUYER_ORDERS} orders with licences and ${MACHINES} machines each, of ${total.toLocaleString("en-US")}; ${CONNECTIONS} conn. p95 (req/s; 1 conn. p50)`,
      value: `${ms(result.p95)} (${rps(result.rps)}; ${ms(alone.p50)})`,
      baseline: `/healthz ${ms(health.p95)}`,
      ratio: times(result.p95, health.p95),
      target: `≤ ${TARGET_P95} ms`,
      verdict: verdict(result.p95 <= TARGET_P95 && result.failures + alone.failures === 0),
    });
  } finally {
    await server?.stop();
    await database?.close();
    await db.drop();
  }
}

/** A returning customer's account page data at 100,000 orders (BENCH_ACCOUNT_ORDERS), on both databases. */
export async function accountSection(): Promise<void> {
  await onDatabase("pglite", bench.accountOrders);
  const missing = await postgresAvailable();
  if (missing) na("account, postgres", "all", missing);
  else await onDatabase("postgres", bench.accountOrders);
}
