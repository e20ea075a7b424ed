import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminOrderDetailSchema } from "../../../contract/admin-order-detail";
import { CreatedOrderSchema } from "../../../contract/store";
import { addSaleVersion } from "../../../tests/helpers/store-fixtures";
import { createTestApp, TEST_ADMIN, type TestApp } from "../../../tests/helpers/test-app";
import { checkoutSignature } from "../../integrations/payments/signature";
import { queryRows } from "../../platform/db/query-rows";
import { sql } from "drizzle-orm";

// The admin's order page tells the whole story: every mail sent for the order and every licence
// event, each with who did it (order_events, written beside each change).
const SECRET = "test-secret-for-order-story";
let t: TestApp;
let headers: Record<string, string>;
let clock = Date.parse("2026-11-20T12:00:00Z");
const admin = `admin ${TEST_ADMIN.email}`;

beforeAll(async () => {
  t = await createTestApp({
    config: { PAYMENT_TEST_SECRET: SECRET, CHECKOUT_RATE_LIMIT: 10_000, LICENCE_RATE_LIMIT: 10_000 },
    // Each call a second later, so the timeline's order is the order things were done in.
    now: () => new Date((clock += 1000)),
  });
  headers = (await t.loginAsAdmin()).headers;
  t.services.store.testProvider.useWebhookSender(
    async (body, h) =>
      (await t.request("/api/payments/razorpay/webhook", { method: "POST", body, headers: { "content-type": "application/json", ...h } }))
        .status,
  );
  await addSaleVersion(t, "story-tool", "1.0", { machineLimit: 2 });
});
afterAll(() => t.close());

const post = (path: string, json: unknown) => t.request(path, { method: "POST", json, ip: "10.4.0.1" });
const asAdmin = (path: string, method = "POST", json?: unknown) => t.request(path, { method, json, headers });
const detail = async (orderId: number) => AdminOrderDetailSchema.parse(await (await asAdmin(`/api/admin/orders/${orderId}`, "GET")).json());

describe("the order page's story", () => {
  it("lists every mail and licence event with who did it: tool, customer, admin, store", async () => {
    const o = CreatedOrderSchema.parse(
      await (
        await post("/api/checkout/orders", { product_id: "story-tool", version: "1.0", email: "story@example.com", name: "Asha Rao" })
      ).json(),
    );
    const paid = await post(`/api/checkout/orders/${o.order_id}/confirm`, {
      razorpay_order_id: o.payment.provider_order_id,
      razorpay_payment_id: "pay_STORY000000001",
      razorpay_signature: checkoutSignature(SECRET, o.payment.provider_order_id, "pay_STORY000000001"),
    });
    const key = (await paid.json()).licence_key as string;
    const orderId = o.order_id;

    // The tool: two activations and one deactivation with the key.
    expect((await post("/api/licenses/activate", { key, fingerprint: "fp-laptop", name: "Laptop" })).status).toBe(201);
    expect((await post("/api/licenses/activate", { key, fingerprint: "fp-desk", name: "Desk" })).status).toBe(201);
    expect((await post("/api/licenses/deactivate", { key, fingerprint: "fp-laptop" })).status).toBe(200);
    const licenceId = (await detail(orderId)).licence?.id as number;
    const desk = (await detail(orderId)).licence?.machines[0].id as number;

    // The customer on the account page: a seat freed, the receipt again, the key replaced.
    const [c] = await queryRows<{ id: string }>(t.database.db, sql`select customer_id as id from orders where id = ${orderId}`);
    const customer = { id: Number(c.id), email: "story@example.com", name: "Asha Rao" } as never;
    await t.services.customerAccount.releaseMachine(Number(c.id), licenceId, desk);
    await t.services.customerAccount.resendReceipt(Number(c.id), orderId);
    const newKey = await t.services.customerAccount.rotate(customer, licenceId);

    // The admin: a seat freed, the receipt again, revoke, restore, extend, a mail queued again, a refund.
    expect((await post("/api/licenses/activate", { key: newKey, fingerprint: "fp-new", name: "New PC" })).status).toBe(201);
    const fresh = (await detail(orderId)).licence?.machines[0].id as number;
    expect((await asAdmin(`/api/admin/licences/${licenceId}/machines/${fresh}`, "DELETE")).status).toBe(200);
    expect((await asAdmin(`/api/admin/orders/${orderId}/receipt`)).status).toBe(202);
    expect((await asAdmin(`/api/admin/licences/${licenceId}/revoke`, "POST", { reason: "Chargeback" })).status).toBe(200);
    expect((await asAdmin(`/api/admin/licences/${licenceId}/restore`)).status).toBe(200);
    expect((await asAdmin(`/api/admin/licences/${licenceId}/extend`, "POST", { months: 2 })).status).toBe(200);
    const receipt = (await detail(orderId)).mails[0];
    expect((await asAdmin(`/api/admin/outbox/${receipt.id}/resend`)).status).toBe(200);
    const refunded = await t.request(`/api/admin/orders/${orderId}/refund`, {
      method: "POST",
      json: { amount: 1499, reason: "Changed mind", revoke_licence: false },
      headers: { ...headers, "idempotency-key": "story-refund-1" },
    });
    expect(refunded.status).toBe(200);
    await t.services.store.testProvider.settled();

    const d = await detail(orderId);
    expect(d.mails.map((m) => [m.kind, m.by])).toEqual([
      ["receipt", "the store"],
      ["receipt", "the customer"],
      ["licence-key-replaced", "the customer"],
      ["receipt", admin],
      ["refund", "the store"],
    ]);
    const story = d.timeline
      .filter((e) => e.event === "licence" || e.event === "mail" || e.event === "refund")
      .map((e) => `${e.detail} · by ${e.by}`);
    for (const line of [
      "Machine activated: Laptop · by the licence key (tool)",
      "Machine activated: Desk · by the licence key (tool)",
      "Seat freed: Laptop · by the licence key (tool)",
      "Seat freed: Desk · by the customer",
      "Licence key replaced · by the customer",
      "Mail licence-key-replaced to story@example.com (pending) · by the customer",
      "Machine activated: New PC · by the licence key (tool)",
      "Seat freed: New PC · by " + admin,
      "Licence revoked (Chargeback) · by " + admin,
      "Licence restored · by " + admin,
      "Licence extended by 2 months · by " + admin,
      "Mail receipt queued again · by " + admin,
      "Refund asked: ₹1,499.00: Changed mind · by " + admin,
      "Refund ₹1,499.00 processed · by the payment provider",
      "Licence revoked (with the refund) · by the store",
      "Mail refund to story@example.com (pending) · by the store",
    ])
      expect(story).toContain(line);
    // Told in the order it happened.
    const at = (text: string) => story.indexOf(text);
    expect(at("Seat freed: Laptop · by the licence key (tool)")).toBeLessThan(at("Seat freed: Desk · by the customer"));
    expect(at("Licence revoked (Chargeback) · by " + admin)).toBeLessThan(at("Licence restored · by " + admin));
    expect(at("Refund asked: ₹1,499.00: Changed mind · by " + admin)).toBeLessThan(
      at("Refund ₹1,499.00 processed · by the payment provider"),
    );
  });
});
