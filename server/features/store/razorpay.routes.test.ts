import { sql } from "drizzle-orm";
import nock from "nock";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CreatedOrderSchema } from "../../../contract/store";
import { addCoupons, addSaleVersion, paymentEntity, signedEvent } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { checkoutSignature } from "../../integrations/payments/signature";

// The razorpay provider with the official SDK's real request code: only Razorpay's HTTP is answered, by nock.
const KEY_ID = "rzp_test_Key0123456789";
const KEY_SECRET = "razorpay-key-secret-for-tests";
const WEBHOOK_SECRET = "razorpay-webhook-secret-for-tests";
let t: TestApp;

beforeAll(async () => {
  nock.disableNetConnect();
  t = await createTestApp({
    config: {
      PAYMENT_PROVIDER: "razorpay",
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  });
  await addSaleVersion(t, "rzp-dirx", "1.0", { amountMinor: 149_900 });
});
afterEach(() => nock.cleanAll());
afterAll(async () => {
  nock.enableNetConnect();
  await t.close();
});

const orderBody = { product_id: "rzp-dirx", version: "1.0", email: "rzp@example.com", name: "Rzp Buyer" };
const basicAuth = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString("base64")}`;

describe("razorpay provider (SDK + nock)", () => {
  it("creates the Razorpay order (paise, receipt = our id, basic auth) and confirms with the key secret's signature", async () => {
    let sent: Record<string, unknown> | undefined;
    const scope = nock("https://api.razorpay.com", { reqheaders: { authorization: basicAuth } })
      .post("/v1/orders", (body) => ((sent = body), true))
      .reply(200, (_uri, body) => ({ id: "order_RzpTest0000001", entity: "order", ...(body as object), status: "created" }));
    const res = await t.request("/api/checkout/orders", { method: "POST", json: orderBody });
    expect(res.status).toBe(201);
    const o = CreatedOrderSchema.parse(await res.json());
    expect(scope.isDone()).toBe(true);
    expect(sent).toMatchObject({ amount: 149_900, currency: "INR", receipt: String(o.order_id) });
    expect(o).toMatchObject({
      provider: "razorpay",
      payment: { key_id: KEY_ID, provider_order_id: "order_RzpTest0000001", amount: 149_900 },
    });

    const payId = "pay_RzpTestPay0001";
    // Signed with the webhook secret instead of the key secret: refused.
    const wrong = await t.request(`/api/checkout/orders/${o.order_id}/confirm`, {
      method: "POST",
      json: {
        razorpay_order_id: "order_RzpTest0000001",
        razorpay_payment_id: payId,
        razorpay_signature: checkoutSignature(WEBHOOK_SECRET, "order_RzpTest0000001", payId),
      },
    });
    expect(wrong.status).toBe(400);
    const ok = await t.request(`/api/checkout/orders/${o.order_id}/confirm`, {
      method: "POST",
      json: {
        razorpay_order_id: "order_RzpTest0000001",
        razorpay_payment_id: payId,
        razorpay_signature: checkoutSignature(KEY_SECRET, "order_RzpTest0000001", payId),
      },
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).licence_key).toMatch(/^ONI-/);
  });

  it("the webhook is checked with RAZORPAY_WEBHOOK_SECRET", async () => {
    nock("https://api.razorpay.com")
      .post("/v1/orders")
      .reply(200, (_uri, body) => ({ id: "order_RzpTest0000002", entity: "order", ...(body as object), status: "created" }));
    const o = CreatedOrderSchema.parse(await (await t.request("/api/checkout/orders", { method: "POST", json: orderBody })).json());
    const payload = paymentEntity("pay_RzpTestPay0002", "order_RzpTest0000002", 149_900);
    const withKeySecret = signedEvent(KEY_SECRET, "payment.captured", payload, "evt_rzp_1");
    expect(
      (await t.request("/api/payments/razorpay/webhook", { method: "POST", body: withKeySecret.body, headers: withKeySecret.headers }))
        .status,
    ).toBe(400);
    const good = signedEvent(WEBHOOK_SECRET, "payment.captured", payload, "evt_rzp_2");
    expect((await t.request("/api/payments/razorpay/webhook", { method: "POST", body: good.body, headers: good.headers })).status).toBe(
      200,
    );
    expect((await t.services.store.orders.publicView(o.order_id, o.token)).status).toBe("placed");
  });

  it("Razorpay refusing or failing: 503, no order stored", async () => {
    nock("https://api.razorpay.com")
      .post("/v1/orders")
      .reply(401, { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } });
    const refused = await t.request("/api/checkout/orders", { method: "POST", json: orderBody });
    expect(refused.status).toBe(503);
    expect(JSON.stringify(await refused.json())).not.toContain(KEY_SECRET);
    nock("https://api.razorpay.com").post("/v1/orders").replyWithError("socket hang up");
    expect((await t.request("/api/checkout/orders", { method: "POST", json: orderBody })).status).toBe(503);
    // An answer that does not match what we asked for is refused too.
    nock("https://api.razorpay.com").post("/v1/orders").reply(200, { id: "order_RzpTest0000003", amount: 1, currency: "INR" });
    expect((await t.request("/api/checkout/orders", { method: "POST", json: orderBody })).status).toBe(503);
    const stored = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from orders where status = 'pending'`);
    expect(stored.rows[0].n).toBe(0); // the two orders above were paid; the refused ones left nothing
  });

  it("a ₹0 total (100 % coupon) is placed at creation without any call to Razorpay, its coupon used and its licence issued", async () => {
    const versionId = await addSaleVersion(t, "rzp-free", "1.0", { amountMinor: 149_900 });
    await addCoupons(t, versionId, ["RZPfree000001"], 100);
    const scope = nock("https://api.razorpay.com")
      .post("/v1/orders")
      .reply(200, { id: "order_RzpNeverAsked1", amount: 0, currency: "INR" });
    const res = await t.request("/api/checkout/orders", {
      method: "POST",
      json: { product_id: "rzp-free", version: "1.0", email: "free@example.com", name: "Free Buyer", coupon: "RZPfree000001" },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const o = CreatedOrderSchema.parse(await res.json());
    expect(scope.isDone()).toBe(false); // Razorpay was never asked
    expect(o).toMatchObject({ status: "placed", total: 0, provider: "razorpay", payment: { provider_order_id: "", amount: 0 } });
    const view = await (await t.request(`/api/checkout/orders/${o.order_id}?token=${o.token}`)).json();
    expect(view).toMatchObject({ status: "placed", total: 0, coupon: "RZPfree000001", payment_id: null });
    expect(view.licence_key).toMatch(/^ONI-/);
    const coupon = await t.database.db.execute<{ used_at: string | null; order_id: string; reserved_order_id: string | null }>(
      sql`select used_at, order_id, reserved_order_id from coupons where code = 'RZPfree000001'`,
    );
    expect(coupon.rows[0].used_at).not.toBeNull();
    expect(Number(coupon.rows[0].order_id)).toBe(o.order_id);
    expect(coupon.rows[0].reserved_order_id).toBeNull();
    // Used: a second ₹0 order with it is refused.
    const again = await t.request("/api/checkout/orders", {
      method: "POST",
      json: { product_id: "rzp-free", version: "1.0", email: "free2@example.com", name: "Free Buyer", coupon: "RZPfree000001" },
    });
    expect(again.status).toBe(409);
  });
});
