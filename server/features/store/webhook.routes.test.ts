import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreatedOrderSchema } from "../../../contract/store";
import { addCoupons, addSaleVersion, paymentEntity, signedEvent } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

const SECRET = "test-secret-for-webhook-tests";
let t: TestApp;
let versionId: number;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ config: { PAYMENT_TEST_SECRET: SECRET, CHECKOUT_RATE_LIMIT: 10_000, LICENCE_RATE_LIMIT: 10_000 } });
  versionId = await addSaleVersion(t, "wh-dirx", "1.0", { amountMinor: 250_000 });
  await addCoupons(t, versionId, ["WHKcoupon0001", "WHKcoupon0002"], 10);
});
afterAll(() => t.close());

const create = async (coupon?: string) => {
  const res = await t.request("/api/checkout/orders", {
    method: "POST",
    json: { product_id: "wh-dirx", version: "1.0", email: `wh${++n}@example.com`, name: "Web Hook", coupon },
  });
  expect(res.status).toBe(201);
  return CreatedOrderSchema.parse(await res.json());
};
const hook = (e: { body: string; headers: Record<string, string> }) =>
  t.request("/api/payments/razorpay/webhook", { method: "POST", body: e.body, headers: e.headers });
const status = async (o: { order_id: number; token: string }) =>
  (await (await t.request(`/api/checkout/orders/${o.order_id}?token=${o.token}`)).json()) as { status: string; licence_key: string | null };
/** A signed payment event of `o`'s provider order. */
const paymentEvent = (
  o: { payment: { provider_order_id: string } },
  event: string,
  paymentId: string,
  amount: number,
  eventId: string,
  currency?: string,
) => signedEvent(SECRET, event, paymentEntity(paymentId, o.payment.provider_order_id, amount, currency), eventId);
const rows = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => t.database.db.execute<T>(q);

describe("POST /api/payments/razorpay/webhook", () => {
  it("refuses a bad or missing signature (400) and a body that is not an event", async () => {
    const o = await create();
    const e = paymentEvent(o, "payment.captured", "pay_BADSIGNATURE01", 250_000, "evt_bad1");
    expect((await hook({ body: e.body, headers: { ...e.headers, "x-razorpay-signature": "f".repeat(64) } })).status).toBe(400);
    expect((await hook({ body: e.body, headers: { "content-type": "application/json" } })).status).toBe(400);
    // Signed with another secret (a tampered body re-signed by someone without ours).
    expect((await hook(signedEvent("not-our-secret", "payment.captured", {}, "evt_bad2"))).status).toBe(400);
    const junk = signedEvent(SECRET, "x", {});
    expect(
      (
        await hook({
          body: "not json",
          headers: { ...junk.headers, "x-razorpay-signature": signedEvent(SECRET, "", {}).headers["x-razorpay-signature"] },
        })
      ).status,
    ).toBe(400);
    expect((await status(o)).status).toBe("pending");
  });

  it("payment.captured fulfils once; the same event id again changes nothing; a new id for the same payment is idempotent", async () => {
    const o = await create("WHKcoupon0001");
    const e = paymentEvent(o, "payment.captured", "pay_WEBHOOKPAID001", 225_000, "evt_paid1");
    expect((await hook(e)).status).toBe(200);
    const first = await status(o);
    expect(first.status).toBe("placed");
    expect(first.licence_key).toMatch(/^ONI-/);
    expect((await hook(e)).status).toBe(200);
    const order2 = paymentEvent(o, "order.paid", "pay_WEBHOOKPAID001", 225_000, "evt_paid2");
    expect((await hook(order2)).status).toBe(200);
    expect(await status(o)).toEqual(first);
    const count = await rows<{ n: number }>(sql`select count(*)::int as n from licences where order_id = ${o.order_id}`);
    expect(count.rows[0].n).toBe(1);
    const events = await rows<{ n: number }>(
      sql`select count(*)::int as n from payment_webhook_events where event_id in ('evt_paid1', 'evt_paid2')`,
    );
    expect(events.rows[0].n).toBe(2);
  });

  it("refuses a payment whose amount or currency does not match the order (400, nothing changes, event not recorded)", async () => {
    const o = await create();
    const low = paymentEvent(o, "payment.captured", "pay_WRONGAMOUNT01", 100, "evt_low");
    expect((await hook(low)).status).toBe(400);
    const usd = paymentEvent(o, "payment.captured", "pay_WRONGCURREN1", 250_000, "evt_usd", "USD");
    expect((await hook(usd)).status).toBe(400);
    expect((await status(o)).status).toBe("pending");
    const events = await rows<{ n: number }>(
      sql`select count(*)::int as n from payment_webhook_events where event_id in ('evt_low', 'evt_usd')`,
    );
    expect(events.rows[0].n).toBe(0);
  });

  it("payment.failed fails the order and frees its coupon; a later capture does not revive it", async () => {
    const o = await create("WHKcoupon0002");
    const failed = paymentEvent(o, "payment.failed", "pay_FAILEDPAYMEN1", 225_000, "evt_fail");
    expect((await hook(failed)).status).toBe(200);
    expect((await status(o)).status).toBe("failed");
    const coupon = await rows<{ reserved_order_id: unknown; used_at: unknown }>(
      sql`select reserved_order_id, used_at from coupons where code = 'WHKcoupon0002'`,
    );
    expect(coupon.rows[0]).toEqual({ reserved_order_id: null, used_at: null });
    const late = paymentEvent(o, "payment.captured", "pay_LATECAPTURE01", 225_000, "evt_late");
    expect((await hook(late)).status).toBe(200);
    expect((await status(o)).status).toBe("failed");
  });

  it("refund.processed refunds the order, revokes its licence and leaves the dashboard", async () => {
    const o = await create();
    await hook(paymentEvent(o, "payment.captured", "pay_TOBEREFUNDED1", 250_000, "evt_r0"));
    const { licence_key } = await status(o);
    const before = await t.services.dashboard.overview();
    const refund = { refund: { entity: { id: "rfnd_Test000000001", payment_id: "pay_TOBEREFUNDED1", amount: 250_000, currency: "INR" } } };
    expect((await hook(signedEvent(SECRET, "refund.processed", refund, "evt_r1"))).status).toBe(200);
    expect(await status(o)).toMatchObject({ status: "refunded", licence_key: null });
    const after = await t.services.dashboard.overview();
    expect(after.placedOrders).toBe(before.placedOrders - 1);
    const v = await t.request("/api/licenses/validate", { method: "POST", json: { key: licence_key } });
    expect(await v.json()).toMatchObject({ valid: false, code: "REVOKED" });
    // Confirming a refunded order is refused.
    expect((await hook(signedEvent(SECRET, "refund.processed", refund, "evt_r2"))).status).toBe(200);
  });

  it("a partial refund keeps the licence", async () => {
    const o = await create();
    await hook(paymentEvent(o, "payment.captured", "pay_PARTIALREFND1", 250_000, "evt_p0"));
    const refund = { refund: { entity: { id: "rfnd_Test000000002", payment_id: "pay_PARTIALREFND1", amount: 1000, currency: "INR" } } };
    expect((await hook(signedEvent(SECRET, "refund.processed", refund, "evt_p1"))).status).toBe(200);
    expect((await status(o)).status).toBe("placed");
  });

  it("partial refunds add up per order: reaching the price refunds the order and revokes the licence; a repeat adds nothing", async () => {
    const o = await create();
    await hook(paymentEvent(o, "payment.captured", "pay_TWOPARTIALS01", 250_000, "evt_tp0"));
    const { licence_key } = await status(o);
    const refund = (id: string, amount: number) => ({
      refund: { entity: { id, payment_id: "pay_TWOPARTIALS01", amount, currency: "INR" } },
    });
    expect((await hook(signedEvent(SECRET, "refund.processed", refund("rfnd_Partial00001", 100_000), "evt_tp1"))).status).toBe(200);
    // The same provider refund again, under another event id: still one refund of 1,000.00.
    expect((await hook(signedEvent(SECRET, "refund.processed", refund("rfnd_Partial00001", 100_000), "evt_tp2"))).status).toBe(200);
    expect((await status(o)).status).toBe("placed");
    expect((await hook(signedEvent(SECRET, "refund.processed", refund("rfnd_Partial00002", 150_000), "evt_tp3"))).status).toBe(200);
    expect(await status(o)).toMatchObject({ status: "refunded", licence_key: null });
    const stored = await rows<{ provider_refund_id: string; amount_minor: string; status: string }>(
      sql`select provider_refund_id, amount_minor::text, status from refunds where order_id = ${o.order_id} order by id`,
    );
    expect(stored.rows).toEqual([
      { provider_refund_id: "rfnd_Partial00001", amount_minor: "100000", status: "processed" },
      { provider_refund_id: "rfnd_Partial00002", amount_minor: "150000", status: "processed" },
    ]);
    const v = await t.request("/api/licenses/validate", { method: "POST", json: { key: licence_key } });
    expect(await v.json()).toMatchObject({ valid: false, code: "REVOKED" });
  });
});

describe("test provider sandbox", () => {
  it("pay answers Razorpay's checkout fields and its webhook fulfils; fail fails the order", async () => {
    t.services.store.testProvider.useWebhookSender(async (body, headers) => {
      const res = await t.request("/api/payments/razorpay/webhook", {
        method: "POST",
        body,
        headers: { "content-type": "application/json", ...headers },
      });
      return res.status;
    });
    const o = await create();
    const answer = await t.services.store.testProvider.pay(o.order_id, o.token);
    expect(answer.razorpay_order_id).toBe(o.payment.provider_order_id);
    expect(answer.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    await t.services.store.testProvider.settled();
    expect((await status(o)).status).toBe("placed");
    // The checkout's confirm with the sandbox's answer gives the same licence.
    const confirm = await t.request(`/api/checkout/orders/${o.order_id}/confirm`, { method: "POST", json: answer });
    expect(confirm.status).toBe(200);
    expect((await confirm.json()).licence_key).toBe((await status(o)).licence_key);
    await expect(t.services.store.testProvider.pay(o.order_id, o.token)).rejects.toThrow(/not awaiting payment/);
    await expect(t.services.store.testProvider.pay(o.order_id, "wrong")).rejects.toThrow(/no such order/);

    const f = await create();
    await t.services.store.testProvider.fail(f.order_id, f.token);
    await t.services.store.testProvider.settled();
    expect((await status(f)).status).toBe("failed");
  });
});
