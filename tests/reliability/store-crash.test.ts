import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/platform/config";
import { openDatabase } from "../../server/platform/db/open";
import { queryRows } from "../../server/platform/db/query-rows";
import { checkoutSignature } from "../../server/integrations/payments/signature";
import { paymentEntity, signedEvent } from "../helpers/store-fixtures";
import { figureRow } from "./helpers/figures";
import { createScratchDatabase, skipPostgres } from "./helpers/scratch-database";
import { type RunningServer, reservePort, startServer, stopServer } from "./helpers/server";

// SIGKILL the server again and again under checkout and confirmation load (test provider), then
// restart it and check the store's promises: no paid order without its licence, no coupon used (or
// held) by two orders, no order answered 201 missing, no confirmation answered 200 undone, and a
// confirmation cut off by a kill succeeds when the buyer retries it.
const rounds = Number(process.env.STORE_CRASH_ROUNDS ?? 4);

const SECRET = "store-crash-test-secret-0123456789";
const COUPONS = 300;
const PAID = `('placed', 'active', 'expired')`;
const env = { PAYMENT_PROVIDER: "test", PAYMENT_TEST_SECRET: SECRET, CHECKOUT_RATE_LIMIT: "1000000", LICENCE_RATE_LIMIT: "1000000" };

type Created = { id: number; token: string; providerOrderId: string; amountMinor: number; coupon: string | null };
type Ledger = { created: Map<number, Created>; confirmed: Map<number, string>; unanswered: number; conflicts: number };

/** Puts the version on sale with its coupons, before any server opens the database. */
async function prepare(target: { DATA_DIR?: string; DATABASE_URL?: string }): Promise<void> {
  const database = await openDatabase(loadConfig({ ...target, LOG_REQUESTS: "false" }), "store crash test");
  try {
    await database.db.execute(sql`insert into products (id, name) values ('crashtool', 'Crash Tool')`);
    const v = await queryRows<{ id: string }>(
      database.db,
      sql`insert into product_versions (product_id, version, os, amount_minor, features, external, python, for_sale)
        values ('crashtool', '1.0', array['linux'], 99900, array['x'], '[]'::jsonb, '[]'::jsonb, true) returning id`,
    );
    await database.db.execute(sql`insert into coupons (code, product_version_id, discount_percent)
      select 'CRASH' || lpad(i::text, 4, '0'), ${Number(v[0].id)}, 10 from generate_series(0, ${COUPONS - 1}) i`);
  } finally {
    await database.close();
  }
}

const post = (server: RunningServer, url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const confirmBody = (o: Created, paymentId: string) => ({
  razorpay_order_id: o.providerOrderId,
  razorpay_payment_id: paymentId,
  razorpay_signature: checkoutSignature(SECRET, o.providerOrderId, paymentId),
});
const paymentId = (o: Created) => `pay_${String(o.id).padStart(14, "0")}`;

/** One buyer after another: create (half with a coupon), then confirm, and every third also by webhook at the same moment. */
async function buyer(server: RunningServer, ledger: Ledger, alive: () => boolean): Promise<void> {
  for (let n = 0; alive(); n++) {
    const coupon = Math.random() < 0.5 ? `CRASH${String(Math.floor(Math.random() * COUPONS)).padStart(4, "0")}` : undefined;
    let step = "create";
    try {
      const res = await post(server, "/api/checkout/orders", {
        product_id: "crashtool",
        version: "1.0",
        email: `crash${n}@example.com`,
        name: "Crash Buyer",
        billing: { state_code: "29" },
        coupon,
      });
      if (res.status === 409) {
        ledger.conflicts++;
        await res.arrayBuffer();
        continue;
      }
      const body = (await res.json()) as { order_id: number; token: string; payment: { provider_order_id: string; amount: number } };
      if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(body)}`);
      const o: Created = {
        id: body.order_id,
        token: body.token,
        providerOrderId: body.payment.provider_order_id,
        amountMinor: body.payment.amount,
        coupon: coupon ?? null,
      };
      ledger.created.set(o.id, o);
      step = "confirm";
      const confirm = post(server, `/api/checkout/orders/${o.id}/confirm`, confirmBody(o, paymentId(o)));
      if (o.id % 3 === 0) {
        const e = signedEvent(
          SECRET,
          "payment.captured",
          paymentEntity(paymentId(o), o.providerOrderId, o.amountMinor),
          `evt_crash_${o.id}`,
        );
        void post(server, "/api/payments/razorpay/webhook", e.body, e.headers).catch(() => undefined);
      }
      const c = await confirm;
      const paid = (await c.json()) as { licence_key?: string };
      if (c.status !== 200 || !paid.licence_key) throw new Error(`confirm answered ${c.status}: ${JSON.stringify(paid)}`);
      ledger.confirmed.set(o.id, paid.licence_key);
    } catch (err) {
      if (alive()) {
        // The server still runs, so this failure is not the crash: wait for the kill to tell.
        await new Promise((r) => setTimeout(r, 50));
        if (alive()) throw new Error(`${step}: ${(err as Error).message}`, { cause: err });
      }
      ledger.unanswered++;
      return;
    }
  }
}

async function crashAndCheck(
  database: string,
  target: { dataDir?: string; databaseUrl?: string },
  query: <T extends Record<string, unknown>>(q: string) => Promise<T[]>,
) {
  const started = Date.now();
  const ledger: Ledger = { created: new Map(), confirmed: new Map(), unanswered: 0, conflicts: 0 };
  const port = await reservePort();
  let current: RunningServer | undefined;
  let retried = 0;
  try {
    for (let i = 0; i < rounds; i++) {
      const server = (current = await startServer({ ...target, env, port }));
      let killed = false;
      const alive = () => !killed && server.proc.exitCode === null && server.proc.signalCode === null;
      const before = ledger.created.size;
      const load = Promise.all(Array.from({ length: 10 }, () => buyer(server, ledger, alive)));
      // Kill at a random moment once the load is flowing (a busy machine makes the first answers slow).
      for (let waited = 0; ledger.created.size === before && waited < 30_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 900));
      killed = true;
      await stopServer(server, "SIGKILL");
      await load;
    }

    // Restarted: every acknowledged order is there, and a confirmation the kill cut off goes through on retry.
    const server = (current = await startServer({ ...target, env, port }));
    for (const o of ledger.created.values()) {
      if (ledger.confirmed.has(o.id)) continue;
      const res = await post(server, `/api/checkout/orders/${o.id}/confirm`, confirmBody(o, paymentId(o)));
      const body = (await res.json()) as { licence_key?: string };
      expect(res.status, `retried confirm of order ${o.id}`).toBe(200);
      ledger.confirmed.set(o.id, body.licence_key as string);
      retried++;
    }
    for (const [id, key] of ledger.confirmed) {
      const o = ledger.created.get(id) as Created;
      const view = (await (await fetch(`${server.url}/api/checkout/orders/${id}?token=${o.token}`)).json()) as {
        status: string;
        licence_key: string | null;
      };
      expect(view.status, `order ${id}`).toBe("placed");
      expect(view.licence_key, `order ${id}'s licence`).toBe(key);
    }
    await stopServer(server);
  } finally {
    // A failed or timed-out check leaves no server behind.
    if (current && current.proc.exitCode === null && current.proc.signalCode === null) await stopServer(current, "SIGKILL");
  }

  const ids = [...ledger.created.keys()];
  const stored = await query<{ id: string }>(`select id from orders where id in (${ids.join(",") || "0"})`);
  const paidWithoutLicence = await query<{ id: string }>(
    `select o.id from orders o left join licences l on l.order_id = o.id where o.status in ${PAID} and l.id is null`,
  );
  const couponTwice = await query<{ coupon_id: string }>(
    `select coupon_id from orders where status in ${PAID} and coupon_id is not null group by coupon_id having count(*) > 1`,
  );
  const couponMismatch = await query<{ id: string }>(
    `select o.id from orders o join coupons c on c.id = o.coupon_id
     where o.status in ${PAID} and (c.order_id is distinct from o.id or c.used_at is null or c.reserved_order_id is not null)`,
  );
  const licenceTwice = await query<{ order_id: string }>(`select order_id from licences group by order_id having count(*) > 1`);
  const [totals] = await query<{ paid: string; licences: string; used: string }>(
    `select (select count(*) from orders where status in ${PAID}) as paid, (select count(*) from licences) as licences,
       (select count(*) from coupons where used_at is not null) as used`,
  );
  figureRow(`SIGKILL under checkout load (${database})`, {
    rounds,
    "orders answered 201": ledger.created.size,
    "confirms answered 200": ledger.confirmed.size - retried,
    "confirms retried after the kills": retried,
    "coupons refused 409": ledger.conflicts,
    "cut off by a kill": ledger.unanswered,
    "paid orders": Number(totals.paid),
    licences: Number(totals.licences),
    "coupons used": Number(totals.used),
    seconds: (Date.now() - started) / 1000,
  });
  expect(ledger.created.size).toBeGreaterThan(rounds);
  expect(ledger.unanswered).toBeGreaterThan(0);
  expect(stored.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b));
  expect(paidWithoutLicence).toEqual([]);
  expect(couponTwice).toEqual([]);
  expect(couponMismatch).toEqual([]);
  expect(licenceTwice).toEqual([]);
  expect(Number(totals.licences)).toBe(Number(totals.paid));
}

describe("SIGKILL under checkout and confirmation load", () => {
  it(`keeps every order, payment, licence and coupon right on PGlite across ${rounds} kills`, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "rel-store-crash-"));
    await prepare({ DATA_DIR: dataDir });
    await crashAndCheck("PGlite", { dataDir }, async <T extends Record<string, unknown>>(q: string) => {
      const database = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_REQUESTS: "false" }), "store crash check");
      try {
        return await queryRows<T>(database.db, sql.raw(q));
      } finally {
        await database.close();
      }
    });
  }, 600_000);

  it.skipIf(skipPostgres)(
    `keeps every order, payment, licence and coupon right on PostgreSQL across ${rounds} kills`,
    async () => {
      const scratch = await createScratchDatabase("storecrash");
      try {
        await prepare({ DATABASE_URL: scratch.url });
        await crashAndCheck("PostgreSQL", { databaseUrl: scratch.url }, (q) => scratch.query(q));
      } finally {
        await scratch.drop();
      }
    },
    600_000,
  );
});
