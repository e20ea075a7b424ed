import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { CreatedOrderSchema } from "../../contract/store";
import { queryRows } from "../../server/platform/db/query-rows";
import { checkoutSignature } from "../../server/integrations/payments/signature";
import { addCoupons, addSaleVersion, paymentEntity, signedEvent } from "../helpers/store-fixtures";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { pgUrl, sharedPostgres } from "./helpers/race-postgres";

// The store's races on PostgreSQL (PGlite runs one query at a time: a race there proves nothing),
// with two app instances, each with its own pg pool, on one database, as behind a proxy.
const SECRET = "store-race-secret-0123456789";
const figures: string[] = [];
let db: Awaited<ReturnType<typeof sharedPostgres>>;
let a: TestApp;
let b: TestApp;
let versionId: number;
const count = async (q: ReturnType<typeof sql>) => Number((await queryRows<{ n: string }>(a.database.db, q))[0].n);
const either = (i: number) => (i % 2 ? a : b);

describe.skipIf(!pgUrl)("store races on PostgreSQL, two app instances", () => {
  beforeAll(async () => {
    db = await sharedPostgres(pgUrl as string);
    const config = { PAYMENT_TEST_SECRET: SECRET, CHECKOUT_RATE_LIMIT: 1_000_000, LICENCE_RATE_LIMIT: 1_000_000 };
    a = await createTestApp({ database: db.open(12), config });
    b = await createTestApp({ database: db.open(12), config });
    versionId = await addSaleVersion(a, "race-dirx", "1.0", { amountMinor: 100_000, machineLimit: 3 });
  });
  afterAll(async () => {
    console.log(["| store race on PostgreSQL | figure |", "| --- | --- |", ...figures].join("\n"));
    await db?.drop();
  });

  const create = async (t: TestApp, i: number, coupon?: string): Promise<Response> =>
    t.request("/api/checkout/orders", {
      method: "POST",
      json: { product_id: "race-dirx", version: "1.0", email: `race${i}@example.com`, name: "Race", coupon },
      ip: `10.77.${i >> 8}.${i & 255}`,
    });

  it("200 concurrent checkouts for 20 single-use coupons: exactly 20 reserved, the rest 409", async () => {
    const codes = Array.from({ length: 20 }, (_, i) => `RACEcoupon${String(i).padStart(3, "0")}`);
    await addCoupons(a, versionId, codes, 10);
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => create(either(i), i, codes[i % 20]).then((r) => r.status)));
    const ms = performance.now() - started;
    const ok = statuses.filter((s) => s === 201).length;
    figures.push(
      `| 200 checkouts for 20 coupons | ${ok} created, ${statuses.filter((s) => s === 409).length} refused (409), ${ms.toFixed(0)} ms |`,
    );
    expect(ok).toBe(20);
    expect(statuses.filter((s) => s === 409)).toHaveLength(180);
    expect(await count(sql`select count(*) as n from coupons where reserved_order_id is not null and code like 'RACEcoupon%'`)).toBe(20);
    expect(await count(sql`select count(distinct reserved_order_id) as n from coupons where code like 'RACEcoupon%'`)).toBe(20);
    expect(await count(sql`select count(*) as n from orders where status = 'pending' and coupon_id is not null`)).toBe(20);
  });

  it("confirm and webhook for one order at the same moment, 50 times: one fulfilment and one licence each", async () => {
    let same = 0;
    for (let i = 0; i < 50; i++) {
      const o = CreatedOrderSchema.parse(await (await create(a, 1000 + i)).json());
      const payId = `pay_RACE${String(i).padStart(10, "0")}`;
      const confirm = b.request(`/api/checkout/orders/${o.order_id}/confirm`, {
        method: "POST",
        json: {
          razorpay_order_id: o.payment.provider_order_id,
          razorpay_payment_id: payId,
          razorpay_signature: checkoutSignature(SECRET, o.payment.provider_order_id, payId),
        },
      });
      const e = signedEvent(
        SECRET,
        "payment.captured",
        paymentEntity(payId, o.payment.provider_order_id, o.payment.amount),
        `evt_race_${i}`,
      );
      const hook = a.request("/api/payments/razorpay/webhook", { method: "POST", body: e.body, headers: e.headers });
      const [c, h] = await Promise.all([confirm, hook]);
      expect([c.status, h.status]).toEqual([200, 200]);
      const key = (await c.json()).licence_key;
      const stored = await a.services.store.orders.publicView(o.order_id, o.token);
      if (stored.licence_key === key) same++;
      expect(await count(sql`select count(*) as n from licences where order_id = ${o.order_id}`)).toBe(1);
      expect(
        await count(sql`select count(*) as n from mail_outbox where kind = 'receipt' and ${`race${1000 + i}@example.com`} = any(to_addrs)`),
      ).toBe(1);
    }
    figures.push(`| confirm + webhook at once, 50 orders | 50 x one licence, one receipt mail; confirm's key = stored key ${same}/50 |`);
    expect(same).toBe(50);
    expect(await count(sql`select count(*) as n from orders where payment_id like 'pay_RACE%' and status = 'placed'`)).toBe(50);
  });

  it("two partial refunds of one order at the same moment (and a repeat), 30 times: refunded once, licence revoked", async () => {
    const webhook = (t: TestApp, e: { body: string; headers: Record<string, string> }) =>
      t.request("/api/payments/razorpay/webhook", { method: "POST", body: e.body, headers: e.headers });
    for (let i = 0; i < 30; i++) {
      const o = CreatedOrderSchema.parse(await (await create(a, 2000 + i)).json());
      const payId = `pay_RFND${String(i).padStart(10, "0")}`;
      const paid = signedEvent(
        SECRET,
        "payment.captured",
        paymentEntity(payId, o.payment.provider_order_id, o.payment.amount),
        `evt_rp_${i}`,
      );
      expect((await webhook(a, paid)).status).toBe(200);
      const half = o.payment.amount / 2;
      const refund = (n: number) => ({
        refund: { entity: { id: `rfnd_RACE${i}x${n}`, payment_id: payId, amount: half, currency: "INR" } },
      });
      const statuses = await Promise.all([
        webhook(a, signedEvent(SECRET, "refund.processed", refund(1), `evt_rr_${i}_1`)),
        webhook(b, signedEvent(SECRET, "refund.processed", refund(2), `evt_rr_${i}_2`)),
        // The same provider refund again under another event id: adds nothing.
        webhook(either(i), signedEvent(SECRET, "refund.processed", refund(1), `evt_rr_${i}_3`)),
      ]).then((r) => r.map((x) => x.status));
      expect(statuses).toEqual([200, 200, 200]);
      expect((await a.services.store.orders.publicView(o.order_id, o.token)).status).toBe("refunded");
      expect(await count(sql`select count(*) as n from refunds where order_id = ${o.order_id}`)).toBe(2);
      expect(await count(sql`select count(*) as n from licences where order_id = ${o.order_id} and revoked_at is not null`)).toBe(1);
      // One credit note per refund, issued in the transaction that recorded it.
      expect(await count(sql`select count(*) as n from invoices where order_id = ${o.order_id} and kind = 'credit_note'`)).toBe(2);
    }
    // Credit note numbers across both instances: 1 … 60, none skipped, none twice.
    const seqs = await a.database.db.execute<{ seq: number }>(sql`select seq from invoices where kind = 'credit_note' order by seq`);
    expect(seqs.rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    figures.push(
      "| two half refunds + a repeat at once, 30 orders | 30 x refunded once, 2 refund rows and 2 credit notes, licence revoked |",
    );
    expect(await count(sql`select count(*) as n from orders where payment_id like 'pay_RFND%' and status = 'refunded'`)).toBe(30);
  });

  it("20 parallel activations of one key with a limit of 3: exactly 3 machines", async () => {
    const o = CreatedOrderSchema.parse(await (await create(a, 5000)).json());
    const payId = "pay_RACEACTIVATE01";
    const confirm = await a.request(`/api/checkout/orders/${o.order_id}/confirm`, {
      method: "POST",
      json: {
        razorpay_order_id: o.payment.provider_order_id,
        razorpay_payment_id: payId,
        razorpay_signature: checkoutSignature(SECRET, o.payment.provider_order_id, payId),
      },
    });
    const key = (await confirm.json()).licence_key;
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (async () =>
          (
            await either(i).request("/api/licenses/activate", {
              method: "POST",
              json: { key, fingerprint: `machine-${i}` },
              ip: `10.78.0.${i}`,
            })
          ).status)(),
      ),
    );
    figures.push(
      `| 20 activations, limit 3 | ${statuses.filter((s) => s === 201).length} activated, ${statuses.filter((s) => s === 409).length} refused (409) |`,
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    expect(
      await count(
        sql`select count(*) as n from licence_machines m join licences l on l.id = m.licence_id where l.order_id = ${o.order_id}`,
      ),
    ).toBe(3);
  });
});
