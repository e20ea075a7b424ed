import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Database } from "../../server/platform/db/client";
import { queryRows } from "../../server/platform/db/query-rows";
import { checkoutSignature } from "../../server/integrations/payments/signature";
import { type AppServer, startAppServer } from "../lib/app-server";
import { bench } from "../lib/config";
import { type BenchDb, freshDb, type Kind, postgresAvailable } from "../lib/databases";
import { compare, compareRounds, pairedRatio } from "../lib/load";
import { type Child, startChild, waitReady } from "../lib/processes";
import { add, ms, na, pct, rps, times, verdict } from "../lib/table";

const insertServer = path.join(path.dirname(fileURLToPath(import.meta.url)), "../baselines/insert-server.ts");
export const PAYMENT_SECRET = "bench-payment-test-secret-0123456789";
const PRODUCT = "benchstore";
const FLASH = { buyers: 200, coupons: 20 };
const json = (url: string, body: unknown) => ({
  url,
  method: "POST" as const,
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json" },
});

/** A version for sale (₹1,499.00) and the flash sale's single-use coupons, written before the server opens the database. */
export async function prepare(database: Database): Promise<number> {
  await database.db.execute(sql`insert into products (id, name) values (${PRODUCT}, 'Bench Store Tool')`);
  const id = Number(
    (
      await queryRows<{ id: string }>(
        database.db,
        sql`insert into product_versions (product_id, version, os, amount_minor, features, external, python, for_sale)
          values (${PRODUCT}, '1.0', array['linux'], 149900, array['fast'], '[]'::jsonb, '[]'::jsonb, true) returning id`,
      )
    )[0].id,
  );
  for (let i = 0; i < FLASH.coupons; i++)
    await database.db.execute(sql`insert into coupons (code, product_version_id, discount_percent)
      values (${`FLASH${String(i).padStart(4, "0")}`}, ${id}, 10)`);
  return id;
}

/** The machine of the validations that send a fingerprint, activated in both databases. */
const FINGERPRINT = "bench-machine-0001";

/** The baseline's own licence row (its key hash is all the bare server is given) and its machine. */
async function baselineLicence(database: Database, versionId: number): Promise<string> {
  const hash = "b".repeat(64);
  await database.db.execute(sql`with o as (
      insert into orders (product_version_id, customer_email, customer_name, amount_paid_minor, status, payment_id, expires_at)
      values (${versionId}, 'bench@example.com', 'Bench', 149900, 'placed', 'pay_BenchBaseline01', now() + interval '1 year') returning id)
    , l as (insert into licences (order_id, key_hash, key_encrypted, machine_limit, expires_at)
      select id, ${hash}, 'unused', 3, now() + interval '1 year' from o returning id)
    insert into licence_machines (licence_id, fingerprint, name, activated_at, last_seen_at)
    select id, ${FINGERPRINT}, 'Bench machine', now(), now() from l`);
  return hash;
}

async function vacuumAnalyze(db: BenchDb): Promise<void> {
  const database = await db.open();
  try {
    await database.db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
}

/** A real licence key: an order through the API, confirmed with the test provider's signature. */
export async function buyLicence(app: AppServer): Promise<string> {
  const res = await fetch(`${app.url}/api/checkout/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      product_id: PRODUCT,
      version: "1.0",
      email: "licence@example.com",
      name: "Licence Holder",
      billing: { state_code: "29" },
    }),
  });
  const order = (await res.json()) as { order_id: number; payment: { provider_order_id: string } };
  if (res.status !== 201) throw new Error(`bench order failed (${res.status}): ${JSON.stringify(order)}`);
  const paymentId = "pay_BenchLicence01";
  const confirm = await fetch(`${app.url}/api/checkout/orders/${order.order_id}/confirm`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      razorpay_order_id: order.payment.provider_order_id,
      razorpay_payment_id: paymentId,
      razorpay_signature: checkoutSignature(PAYMENT_SECRET, order.payment.provider_order_id, paymentId),
    }),
  });
  const paid = (await confirm.json()) as { licence_key?: string };
  if (confirm.status !== 200 || !paid.licence_key) throw new Error(`bench confirm failed (${confirm.status})`);
  return paid.licence_key;
}

/** `count` requests at once (one client each, no pooling of their start); the whole burst's time and each answer's. */
async function burst(count: number, request: (i: number) => Promise<Response>): Promise<{ ms: number; p99: number; statuses: number[] }> {
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const t = performance.now();
      const res = await request(i);
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - t };
    }),
  );
  const total = performance.now() - started;
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  return { ms: total, p99: sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))], statuses: answers.map((a) => a.status) };
}

async function onDatabase(kind: Kind): Promise<void> {
  const dbs: BenchDb[] = [];
  const children: Child[] = [];
  try {
    dbs.push(await freshDb(kind), await freshDb(kind));
    const appDb = await dbs[0].open();
    await prepare(appDb);
    await appDb.close();
    const baseDb = await dbs[1].open();
    const baseVersion = await prepare(baseDb);
    const baseHash = await baselineLicence(baseDb, baseVersion);
    await baseDb.close();

    const app = await startAppServer(dbs[0].env, {
      PAYMENT_PROVIDER: "test",
      PAYMENT_TEST_SECRET: PAYMENT_SECRET,
      CHECKOUT_RATE_LIMIT: "1000000000",
      LICENCE_RATE_LIMIT: "1000000000",
    });
    children.push(app);
    const baseline = startChild(process.execPath, ["--import", "tsx", insertServer], {
      PORT: String(bench.insertPort),
      BENCH_VERSION_ID: String(baseVersion),
      ...dbs[1].env,
    });
    children.push(baseline);
    await waitReady(`http://127.0.0.1:${bench.insertPort}/`, baseline);
    const base = `http://127.0.0.1:${bench.insertPort}`;

    // (a) Order creation: a pending order with its provider order and access token, against one plain INSERT.
    const section = `store, ${kind}`;
    const buyer = { product_id: PRODUCT, version: "1.0", email: "buyer@example.com", name: "Bench Buyer" };
    const orders = await compare({
      app: { ...json(`${app.url}/api/checkout/orders`, { ...buyer, billing: { state_code: "29" } }), connections: 10 },
      insert: { ...json(`${base}/order`, buyer), connections: 10 },
    });
    add({
      section,
      what: "order creation, 10 conn. req/s",
      value: rps(orders.app.rps),
      baseline: `plain INSERT ${rps(orders.insert.rps)}`,
      ratio: pct(orders.app.rps, orders.insert.rps),
    });
    add({
      section,
      what: "order creation, 10 conn. p99",
      value: ms(orders.app.p99),
      baseline: `plain INSERT ${ms(orders.insert.p99)}`,
      ratio: times(orders.app.p99, orders.insert.p99),
    });

    // (b) Licence validation of a real key (throttle, key hash, indexed SELECT) against the same SELECT alone.
    const key = await buyLicence(app);
    // The order creation runs above left tens of thousands of new orders in both databases; without
    // this, PostgreSQL's autovacuum worker would vacuum and analyse them during one of the runs
    // below, on the same two cores, and that run alone would pay for it.
    if (kind === "postgres") for (const db of dbs) await vacuumAnalyze(db);
    // The app's validation against the bare server's same lookup, in interleaved rounds.
    const validations = async (fingerprint?: string) => {
      const rounds = await compareRounds(
        {
          app: { ...json(`${app.url}/api/licenses/validate`, { key, fingerprint }), connections: 10 },
          select: { ...json(`${base}/licence`, { key_hash: baseHash, fingerprint }), connections: 10 },
        },
        bench.ratioRounds,
      );
      return { ...rounds, ratio: pairedRatio(rounds.rounds.app, rounds.rounds.select) };
    };
    const checks = await validations();
    const { ratio } = checks;
    const onPg = kind === "postgres";
    add({
      section,
      what: "licence validation, 10 conn. req/s",
      value: rps(checks.median.app.rps),
      baseline: `same SELECT ${rps(checks.median.select.rps)}`,
      ratio: `${Math.round(ratio * 100)} %`,
      // Through the one request pipeline (Hono, like every other call), half the bare server's rate.
      target: onPg ? "≥ 50 %" : "",
      verdict: onPg ? verdict(ratio >= 0.5) : "",
    });
    add({
      section,
      what: `licence validation, each round's ratio (the median counts)`,
      value: checks.rounds.app.map((run, i) => pct(run.rps, checks.rounds.select[i].rps)).join(", "),
    });
    add({
      section,
      what: "licence validation, 10 conn. p99",
      value: ms(checks.median.app.p99),
      baseline: `same SELECT ${ms(checks.median.select.p99)}`,
      ratio: times(checks.median.app.p99, checks.median.select.p99),
    });
    // (b2) The same for a tool that sends its machine's fingerprint: the lookup reads that seat too,
    // and its last_seen_at is written only when an hour old (the activation just set it, so at most
    // once in these runs).
    const activated = await fetch(`${app.url}/api/licenses/activate`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ key, fingerprint: FINGERPRINT, name: "Bench machine" }),
    });
    if (activated.status !== 201) throw new Error(`bench activation failed (${activated.status})`);
    const seen = await validations(FINGERPRINT);
    add({
      section,
      what: "licence validation with an activated machine's fingerprint (last seen kept), 10 conn. req/s",
      value: rps(seen.median.app.rps),
      baseline: `same SELECT ${rps(seen.median.select.rps)}`,
      ratio: `${Math.round(seen.ratio * 100)} % (without: ${Math.round(ratio * 100)} %)`,
    });
    const failures = orders.app.failures + [...checks.rounds.app, ...seen.rounds.app].reduce((sum, run) => sum + run.failures, 0);
    if (failures) add({ section, what: "failed answers", value: String(failures), verdict: "MISS" });

    // (c) The flash sale: 200 buyers at once for 20 single-use coupons; exactly 20 must get one.
    const sale = await burst(FLASH.buyers, (i) =>
      fetch(`${app.url}/api/checkout/orders`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          ...buyer,
          billing: { state_code: "29" },
          email: `flash${i}@example.com`,
          coupon: `FLASH${String(i % FLASH.coupons).padStart(4, "0")}`,
        }),
      }),
    );
    const plain = await burst(FLASH.buyers, (i) =>
      fetch(`${base}/order`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...buyer, email: `flash${i}@example.com` }),
      }),
    );
    const won = sale.statuses.filter((s) => s === 201).length;
    const refused = sale.statuses.filter((s) => s === 409).length;
    add({
      section,
      what: `flash sale, ${FLASH.buyers} checkouts / ${FLASH.coupons} coupons, all answered in`,
      value: ms(sale.ms),
      baseline: `${FLASH.buyers} plain INSERTs ${ms(plain.ms)}`,
      ratio: times(sale.ms, plain.ms),
    });
    add({
      section,
      what: "flash sale p99",
      value: ms(sale.p99),
      baseline: `plain INSERT ${ms(plain.p99)}`,
      ratio: times(sale.p99, plain.p99),
    });
    add({
      section,
      what: "flash sale outcome",
      value: `${won} created, ${refused} refused (409)`,
      target: `${FLASH.coupons} / ${FLASH.buyers - FLASH.coupons}`,
      verdict: verdict(won === FLASH.coupons && refused === FLASH.buyers - FLASH.coupons),
    });
  } finally {
    for (const child of children) await child.stop();
    for (const db of dbs) await db.drop();
  }
}

/** Order creation, licence validation and the flash sale, on PGlite and PostgreSQL, each beside its bare baseline. */
export async function storeSection(): Promise<void> {
  await onDatabase("pglite");
  const missing = await postgresAvailable();
  if (missing) na("store, postgres", "all", missing);
  else await onDatabase("postgres");
}
