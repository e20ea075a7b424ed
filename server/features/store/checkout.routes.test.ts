import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreatedOrderSchema, OrderPublicViewSchema, QuoteSchema, StoreProductListSchema } from "../../../contract/store";
import { addCoupons, addSaleVersion } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { checkoutSignature } from "../../integrations/payments/signature";

const SECRET = "test-secret-for-checkout-tests";
let t: TestApp;
let versionId: number;
let otherVersionId: number;
let ipCounter = 0;
const ip = () => `10.1.0.${++ipCounter % 250}`;

beforeAll(async () => {
  t = await createTestApp({ config: { PAYMENT_TEST_SECRET: SECRET } });
  versionId = await addSaleVersion(t, "chk-dirx", "1.0", { amountMinor: 149_900 });
  otherVersionId = await addSaleVersion(t, "chk-dirx", "2.0", { amountMinor: 199_900 });
  await addSaleVersion(t, "chk-hidden", "1.0", { forSale: false });
  await addSaleVersion(t, "chk-free", "1.0", { amountMinor: 0 });
  await addSaleVersion(t, "chk-archived", "1.0", { archived: true });
  // Ticked for sale while still drafts: a newer version of a product on sale, and a product with drafts only.
  await addSaleVersion(t, "chk-dirx", "3.0", { amountMinor: 249_900 });
  await addSaleVersion(t, "chk-draft", "1.0");
  await t.database.db.execute(
    sql`update product_versions set status = 'draft' where (product_id, version) in (('chk-dirx', '3.0'), ('chk-draft', '1.0'))`,
  );
  await addCoupons(t, versionId, ["CHKgood000001", "CHKgood000002", "CHKgood000003", "CHKgood000004"], 20);
  await addCoupons(t, versionId, ["CHKvoid000001"], 20, { voided: true });
  await addCoupons(t, versionId, ["CHKexpd000001"], 20, { expiresAt: new Date(Date.now() - 1000) });
  await addCoupons(t, otherVersionId, ["CHKothr000001"], 20);
});
afterAll(() => t.close());

const post = (path: string, json: unknown, from = ip()) => t.request(path, { method: "POST", json, ip: from });
const order = (extra: Record<string, unknown> = {}) => ({
  product_id: "chk-dirx",
  version: "1.0",
  email: "Buyer@Example.com",
  name: "Asha Rao",
  ...extra,
});
const create = async (extra: Record<string, unknown> = {}) => {
  const res = await post("/api/checkout/orders", order(extra));
  expect(res.status, await res.clone().text()).toBe(201);
  return CreatedOrderSchema.parse(await res.json());
};
const pay = (o: { order_id: number; payment: { provider_order_id: string } }, paymentId = "pay_ABCDEFGHIJ1234") => ({
  razorpay_order_id: o.payment.provider_order_id,
  razorpay_payment_id: paymentId,
  razorpay_signature: checkoutSignature(SECRET, o.payment.provider_order_id, paymentId),
});
const view = async (id: number, token: string) =>
  OrderPublicViewSchema.parse(await (await t.request(`/api/checkout/orders/${id}?token=${token}`)).json());

describe("GET /api/store/products", () => {
  it("lists only versions for sale, priced above 0 and not archived, in rupees", async () => {
    const res = await t.request("/api/store/products");
    expect(res.status).toBe(200);
    const list = StoreProductListSchema.parse(await res.json());
    expect(list.map((p) => `${p.product_id} ${p.version}`)).toEqual(["chk-dirx 1.0", "chk-dirx 2.0"]);
    expect(list[0]).toMatchObject({ amount: 1499, currency: "INR", os: ["linux", "mac"], machine_limit: 3, licence_term_months: 12 });
  });
  it("forProduct picks the newest version for sale", async () => {
    expect((await t.services.store.catalogue.forProduct("chk-dirx"))?.version).toBe("2.0");
    expect(await t.services.store.catalogue.forProduct("chk-hidden")).toBeNull();
  });
  it("never sells a draft, even ticked for sale: not listed, not quoted, not ordered, not the coupon generator's version for sale", async () => {
    expect(await t.services.store.catalogue.forProduct("chk-draft")).toBeNull();
    const quoted = (product_id: string, version: string) => post("/api/checkout/quote", { product_id, version });
    expect((await quoted("chk-draft", "1.0")).status).toBe(404);
    expect((await quoted("chk-dirx", "3.0")).status).toBe(404);
    expect((await post("/api/checkout/orders", order({ version: "3.0" }))).status).toBe(404);
    const sold = (await t.services.products.informations()).filter((v) => v.for_sale).map((v) => `${v.product_id} ${v.version}`);
    expect(sold).toEqual(["chk-dirx 2.0"]);
  });
});

describe("POST /api/checkout/quote", () => {
  const quote = async (coupon?: string, product = "chk-dirx") => {
    const res = await post("/api/checkout/quote", { product_id: product, version: "1.0", coupon });
    return { status: res.status, body: await res.json() };
  };
  it("prices without and with a valid coupon (exact paise)", async () => {
    expect(QuoteSchema.parse((await quote()).body)).toEqual({
      amount: 1499,
      discount: 0,
      total: 1499,
      currency: "INR",
      coupon: null,
      tax: null,
    });
    expect((await quote("CHKgood000001")).body).toEqual({
      amount: 1499,
      discount: 299.8,
      total: 1199.2,
      currency: "INR",
      coupon: { code: "CHKgood000001", valid: true, discount_percent: 20 },
      tax: null,
    });
  });
  it.each([
    ["CHKnope000001", "unknown"],
    ["CHKvoid000001", "void"],
    ["CHKexpd000001", "expired"],
    ["CHKothr000001", "other_product"],
  ])("a bad coupon %s is not an error: reason %s, full price", async (code, reason) => {
    const { status, body } = await quote(code);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 1499, discount: 0, coupon: { code, valid: false, reason } });
  });
  it("404 for a version not for sale, 400 for bad input, 415 for a form", async () => {
    expect((await quote(undefined, "chk-hidden")).status).toBe(404);
    expect((await quote(undefined, "chk-free")).status).toBe(404);
    expect((await quote(undefined, "chk-archived")).status).toBe(404);
    const bad = await post("/api/checkout/quote", { product_id: "CHK DIRX!", version: "x" });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).errors)).toEqual(expect.arrayContaining(["product_id", "version"]));
    const form = await t.request("/api/checkout/quote", {
      method: "POST",
      body: "product_id=chk-dirx",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
  });
});

describe("POST /api/checkout/orders and confirm", () => {
  it("creates a pending order that is not on the dashboard, with the sandbox's checkout options", async () => {
    const before = await t.services.dashboard.overview();
    const o = await create();
    expect(o).toMatchObject({ status: "pending", amount: 1499, discount: 0, total: 1499, currency: "INR", provider: "test" });
    expect(o.payment).toMatchObject({ key_id: "rzp_test_sandbox", amount: 149_900, currency: "INR" });
    expect(o.payment.provider_order_id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(o.receipt_url).toBe(`/checkout/receipt/${o.order_id}?token=${encodeURIComponent(o.token)}`);
    expect(await t.services.dashboard.overview()).toEqual(before);
    expect(await view(o.order_id, o.token)).toMatchObject({ status: "pending", licence_key: null, email: "Buyer@Example.com" });
  });

  it("refuses bad fields (400), a bad coupon (400 errors.coupon) and an unknown version (404)", async () => {
    const res = await post("/api/checkout/orders", order({ email: "not-an-email", name: "A\r\nBcc: x@y.z" }));
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).errors).sort()).toEqual(["email", "name"]);
    for (const coupon of ["CHKvoid000001", "CHKexpd000001", "CHKothr000001", "CHKnope000001"]) {
      const r = await post("/api/checkout/orders", order({ coupon }));
      expect(r.status).toBe(400);
      expect((await r.json()).errors.coupon).toBeTruthy();
    }
    expect((await post("/api/checkout/orders", order({ version: "9.9" }))).status).toBe(404);
  });

  it("reserves the coupon: a second order for it gets 409 errors.coupon, the quote says used", async () => {
    const o = await create({ coupon: "CHKgood000002" });
    expect(o).toMatchObject({ discount: 299.8, total: 1199.2, payment: { amount: 119_920 } });
    const again = await post("/api/checkout/orders", order({ coupon: "CHKgood000002" }));
    expect(again.status).toBe(409);
    expect((await again.json()).errors.coupon).toBeTruthy();
    const q = await (await post("/api/checkout/quote", { product_id: "chk-dirx", version: "1.0", coupon: "CHKgood000002" })).json();
    expect(q.coupon).toMatchObject({ valid: false, reason: "used" });
  });

  it("confirm: wrong signature 400 and nothing changes; right one issues the licence once; again the same 200", async () => {
    const o = await create({ coupon: "CHKgood000003", email: "second@example.com" });
    const good = pay(o);
    const wrongSig = await post(`/api/checkout/orders/${o.order_id}/confirm`, { ...good, razorpay_signature: "0".repeat(64) });
    expect(wrongSig.status).toBe(400);
    // A valid signature for another provider order id (replayed from another order) is refused too.
    const other = await create({ email: "third@example.com" });
    const replay = await post(`/api/checkout/orders/${o.order_id}/confirm`, pay(other));
    expect(replay.status).toBe(400);
    expect((await view(o.order_id, o.token)).status).toBe("pending");

    const res = await post(`/api/checkout/orders/${o.order_id}/confirm`, good);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      status: "placed",
      licence_key: expect.stringMatching(/^ONI(-[0-9A-HJKMNP-TV-Z]{5}){6}$/),
      receipt_url: o.receipt_url,
    });
    const second = await post(`/api/checkout/orders/${o.order_id}/confirm`, good);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(body);

    const v = await view(o.order_id, o.token);
    expect(v).toMatchObject({
      status: "placed",
      licence_key: body.licence_key,
      payment_id: good.razorpay_payment_id,
      coupon: "CHKgood000003",
      total: 1199.2,
    });
    const coupon = await t.database.db.execute(
      sql`select used_at, order_id::int as order_id, reserved_order_id from coupons where code = 'CHKgood000003'`,
    );
    expect(coupon.rows[0]).toMatchObject({
      order_id: o.order_id,
      reserved_order_id: null,
    });
    expect(coupon.rows[0].used_at).toBeTruthy();
    // The receipt mail was written with the payment, once (the second confirm wrote none).
    const mails = await t.database.db.execute<{ kind: string; subject: string; text_body: string }>(
      sql`select kind, to_addrs, subject, text_body from mail_outbox where ${"second@example.com"} = any(to_addrs)`,
    );
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0].kind).toBe("receipt");
    // The key is a mail secret: stored apart and sealed, the body only holds its slot.
    expect(mails.rows[0].text_body).not.toContain(body.licence_key);
    expect(mails.rows[0].text_body).toContain("{{secret:key}}");
    expect(mails.rows[0].text_body).toContain("₹1,199.20");
    const licences = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from licences where order_id = ${o.order_id}`,
    );
    expect(licences.rows[0].n).toBe(1);
  });

  it("the paid order counts on the dashboard (placed, today, pay id, customer found case-insensitively)", async () => {
    const before = await t.services.dashboard.overview();
    const o = await create({ email: "SECOND@example.com" });
    await post(`/api/checkout/orders/${o.order_id}/confirm`, pay(o, "pay_ZZZZZZZZZZ0001"));
    const after = await t.services.dashboard.overview();
    expect(after.placedOrders).toBe(before.placedOrders + 1);
    expect(after.registeredUsers).toBe(before.registeredUsers);
    expect(after.payIds[0]).toBe("pay_ZZZZZZZZZZ0001");
    expect(after.transactionsByDate.at(-1)!.count).toBe(before.transactionsByDate.at(-1)!.count + 1);
  });

  it("GET order: wrong token or unknown id is 404, a missing token 400", async () => {
    const o = await create();
    expect((await t.request(`/api/checkout/orders/${o.order_id}?token=nope`)).status).toBe(404);
    expect((await t.request(`/api/checkout/orders/999999?token=${o.token}`)).status).toBe(404);
    expect((await t.request(`/api/checkout/orders/abc?token=${o.token}`)).status).toBe(404);
    expect((await t.request(`/api/checkout/orders/${o.order_id}`)).status).toBe(400);
    expect((await post(`/api/checkout/orders/999999/confirm`, pay(o))).status).toBe(404);
  });

  it("throttles checkout calls per client IP (429 with Retry-After)", async () => {
    const from = "10.9.9.9";
    let last: Response | undefined;
    // A fixed one-minute window: within 2 x limit + 1 calls one window must overflow, wherever the minute turns.
    for (let i = 0; i <= 2 * t.config.CHECKOUT_RATE_LIMIT && last?.status !== 429; i++)
      last = await post("/api/checkout/quote", { product_id: "chk-dirx", version: "1.0" }, from);
    expect(last!.status).toBe(429);
    expect(last!.headers.get("retry-after")).toBeTruthy();
  });
});

describe("pending expiry", () => {
  it("a pending order past 30 minutes fails, frees its coupon and cannot be confirmed (409)", async () => {
    let clock = Date.now();
    const t2 = await createTestApp({ config: { PAYMENT_TEST_SECRET: SECRET }, now: () => new Date(clock) });
    try {
      const v = await addSaleVersion(t2, "exp-dirx", "1.0");
      await addCoupons(t2, v, ["EXPcoupon0001"], 50);
      const res = await t2.request("/api/checkout/orders", {
        method: "POST",
        json: { ...order({ product_id: "exp-dirx", coupon: "EXPcoupon0001" }) },
      });
      const o = CreatedOrderSchema.parse(await res.json());
      clock += 31 * 60_000;
      const late = await t2.request(`/api/checkout/orders/${o.order_id}/confirm`, { method: "POST", json: pay(o) });
      expect(late.status).toBe(409);
      expect(await t2.services.store.expiry.expirePending()).toBe(1);
      expect(await t2.services.store.expiry.expirePending()).toBe(0);
      const again = await t2.request("/api/checkout/orders", {
        method: "POST",
        json: order({ product_id: "exp-dirx", coupon: "EXPcoupon0001" }),
      });
      expect(again.status).toBe(201);
      const v2 = await t2.request(`/api/checkout/orders/${o.order_id}?token=${o.token}`);
      expect((await v2.json()).status).toBe("failed");
    } finally {
      await t2.close();
    }
  });
});

describe("a fresh process (nothing cached)", () => {
  // The licence secret is read from the database on first use. Read inside the fulfilment's
  // transaction, that first read would wait for the transaction itself on PGlite (one connection): a
  // confirm or webhook as a restarted server's first request would hang (the SIGKILL test makes one).
  it("fulfils a confirm that is its first request", async () => {
    const o = await create();
    const fresh = await createTestApp({ database: t.database, config: { PAYMENT_TEST_SECRET: SECRET } });
    const res = await Promise.race([
      fresh.request(`/api/checkout/orders/${o.order_id}/confirm`, { method: "POST", json: pay(o, "pay_FRESHPROCESS01"), ip: ip() }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("confirm hung")), 15_000)),
    ]);
    expect(res.status).toBe(200);
    expect((await view(o.order_id, o.token)).status).toBe("placed");
  });
});

describe("a ₹0 total (100 % coupon), test provider", () => {
  it("is placed at creation, as with Razorpay: no sandbox, the licence on the receipt", async () => {
    await addCoupons(t, versionId, ["CHKfree000001"], 100);
    const o = await create({ coupon: "CHKfree000001" });
    expect(o).toMatchObject({ status: "placed", total: 0, payment: { provider_order_id: "", amount: 0 } });
    const v = await view(o.order_id, o.token);
    expect(v.status).toBe("placed");
    expect(v.licence_key).toMatch(/^ONI-/);
  });
});
