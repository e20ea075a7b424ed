import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminOrderDetailSchema } from "../../../contract/admin-order-detail";
import { CreatedOrderSchema } from "../../../contract/store";
import { addSaleVersion } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { checkoutSignature } from "../../integrations/payments/signature";
import { queryRows } from "../../platform/db/query-rows";

const SECRET = "test-secret-for-order-desk";
let t: TestApp;
let headers: Record<string, string>;
const clock = Date.parse("2026-11-20T12:00:00Z");
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ config: { PAYMENT_TEST_SECRET: SECRET, CHECKOUT_RATE_LIMIT: 10_000 }, now: () => new Date(clock) });
  headers = (await t.loginAsAdmin()).headers;
  await addSaleVersion(t, "desk-dirx", "1.0", { machineLimit: 2, termMonths: 1 });
});
afterAll(() => t.close());

const post = (path: string, json: unknown, ip = "10.3.0.1") => t.request(path, { method: "POST", json, ip });
const admin = (path: string, method = "GET", json?: unknown) => t.request(path, { method, json, headers });
async function buy(): Promise<{ key: string; orderId: number }> {
  const email = `desk${++n}@example.com`;
  const o = CreatedOrderSchema.parse(
    await (await post("/api/checkout/orders", { product_id: "desk-dirx", version: "1.0", email, name: `Desk ${n}` })).json(),
  );
  const payId = `pay_DESK${String(n).padStart(10, "0")}`;
  const res = await post(`/api/checkout/orders/${o.order_id}/confirm`, {
    razorpay_order_id: o.payment.provider_order_id,
    razorpay_payment_id: payId,
    razorpay_signature: checkoutSignature(SECRET, o.payment.provider_order_id, payId),
  });
  return { key: (await res.json()).licence_key, orderId: o.order_id };
}
const detail = async (orderId: number) => {
  const res = await admin(`/api/admin/orders/${orderId}`);
  expect(res.status).toBe(200);
  return AdminOrderDetailSchema.parse(await res.json());
};
const validate = async (key: string, fingerprint?: string) => (await post("/api/licenses/validate", { key, fingerprint })).json();
const auditActions = async (entityId: number) =>
  (
    await queryRows<{ action: string }>(t.database.db, sql`select action from audit_log where entity_id = ${String(entityId)} order by id`)
  ).map((r) => r.action);

describe("GET /api/admin/orders/:id", () => {
  it("shows the whole order: customer, product, amounts, payment, licence with machines, mails, refunds and timeline, no key", async () => {
    const { key, orderId } = await buy();
    await post("/api/licenses/activate", { key, fingerprint: "fp-one", name: "Laptop" });
    await t.database.db.execute(sql`insert into refunds (order_id, provider_refund_id, amount_minor, status, reason)
      values (${orderId}, ${`rfnd_desk${orderId}`}, 5000, 'processed', 'goodwill')`);
    const res = await admin(`/api/admin/orders/${orderId}`);
    const text = await res.text();
    expect(text).not.toContain(key);
    const d = AdminOrderDetailSchema.parse(JSON.parse(text));
    expect(d).toMatchObject({
      id: orderId,
      status: "active",
      customer: { email: `desk${n}@example.com`, name: `Desk ${n}` },
      product: { id: "desk-dirx", name: "desk-dirx Tool", version: "1.0" },
      coupon: null,
      amounts: { list_price: 1499, discount: 0, paid: 1499, currency: "INR" },
      payment: { provider: "test", payment_id: `pay_DESK${String(n).padStart(10, "0")}` },
    });
    expect(d.customer.id).toBeGreaterThan(0);
    expect(d.licence).toMatchObject({ key_hint: key.split("-").pop(), state: "valid", machine_limit: 2, revoked_at: null });
    expect(d.licence?.machines).toEqual([expect.objectContaining({ name: "Laptop", last_seen_at: expect.any(String) })]);
    // Activation is the machine's first sighting: its last-seen time is the activation's.
    expect(d.licence?.machines[0].last_seen_at).toBe(d.licence?.machines[0].activated_at);
    expect(d.mails).toEqual([expect.objectContaining({ kind: "receipt", to: [`desk${n}@example.com`] })]);
    expect(d.mails[0]).not.toHaveProperty("html");
    expect(d.refunds).toEqual([expect.objectContaining({ amount: 50, status: "processed", reason: "goodwill" })]);
    expect(d.timeline.map((e) => e.event)).toEqual(expect.arrayContaining(["created", "paid", "fulfilled", "refund"]));
  });

  it("answers 404 for an unknown or malformed id and 401 without a session", async () => {
    expect((await admin("/api/admin/orders/999999")).status).toBe(404);
    expect((await admin("/api/admin/orders/abc")).status).toBe(404);
    expect((await t.request("/api/admin/orders/1")).status).toBe(401);
  });
});

describe("licence actions", () => {
  it("frees a machine: its validation says NOT_ACTIVATED; a machine not on the licence is 404", async () => {
    const { key, orderId } = await buy();
    await post("/api/licenses/activate", { key, fingerprint: "fp-a", name: "A" });
    const other = await buy();
    await post("/api/licenses/activate", { key: other.key, fingerprint: "fp-b", name: "B" });
    const { licence } = await detail(orderId);
    const otherLicence = (await detail(other.orderId)).licence!;
    const machineId = licence!.machines[0].id;
    expect((await admin(`/api/admin/licences/${licence!.id}/machines/${otherLicence.machines[0].id}`, "DELETE")).status).toBe(404);
    const res = await admin(`/api/admin/licences/${licence!.id}/machines/${machineId}`, "DELETE");
    expect(res.status).toBe(200);
    expect(await validate(key, "fp-a")).toMatchObject({ code: "NOT_ACTIVATED" });
    expect((await admin(`/api/admin/licences/${licence!.id}/machines/${machineId}`, "DELETE")).status).toBe(404);
    expect(await auditActions(licence!.id)).toContain("licence.machine_release");
  });

  it("revokes with a reason (REVOKED at once), refuses a second revoke with 409, restores (VALID again)", async () => {
    const { key, orderId } = await buy();
    const id = (await detail(orderId)).licence!.id;
    const empty = await admin(`/api/admin/licences/${id}/revoke`, "POST", { reason: "  " });
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors).toHaveProperty("reason");
    expect((await admin(`/api/admin/licences/999999/revoke`, "POST", { reason: "x" })).status).toBe(404);
    const res = await admin(`/api/admin/licences/${id}/revoke`, "POST", { reason: "chargeback" });
    expect(res.status).toBe(200);
    expect((await res.json()).licence).toMatchObject({ id, state: "revoked" });
    expect(await validate(key)).toMatchObject({ valid: false, code: "REVOKED" });
    expect((await admin(`/api/admin/licences/${id}/revoke`, "POST", { reason: "again" })).status).toBe(409);
    expect((await admin(`/api/admin/orders/${orderId}/receipt`, "POST")).status).toBe(409);
    const restored = await admin(`/api/admin/licences/${id}/restore`, "POST");
    expect(restored.status).toBe(200);
    expect((await restored.json()).licence).toMatchObject({ state: "valid", revoked_at: null });
    expect(await validate(key)).toMatchObject({ valid: true, code: "VALID" });
    expect((await admin(`/api/admin/licences/${id}/restore`, "POST")).status).toBe(409);
    expect((await admin(`/api/admin/licences/999999/restore`, "POST")).status).toBe(404);
    const log = await queryRows<{ action: string; detail: { reason?: string } }>(
      t.database.db,
      sql`select action, detail from audit_log where entity = 'licence' and entity_id = ${String(id)} order by id`,
    );
    expect(log).toEqual([
      expect.objectContaining({ action: "licence.revoke", detail: expect.objectContaining({ reason: "chargeback" }) }),
      expect.objectContaining({ action: "licence.restore" }),
    ]);
  });

  it("extends by 1-36 months; an expired licence validates again and its order is current again", async () => {
    const { key, orderId } = await buy();
    const before = (await detail(orderId)).licence!;
    for (const months of [0, 37, "x", 1.5]) {
      const bad = await admin(`/api/admin/licences/${before.id}/extend`, "POST", { months });
      expect(bad.status, String(months)).toBe(400);
      expect((await bad.json()).errors).toHaveProperty("months");
    }
    expect((await admin(`/api/admin/licences/999999/extend`, "POST", { months: 1 })).status).toBe(404);
    // The term ended yesterday (the session's clock stays put, so the admin stays signed in).
    const ended = new Date(clock - 86_400_000).toISOString();
    await t.database.db.execute(sql`update licences set expires_at = ${ended} where id = ${before.id}`);
    await t.database.db.execute(sql`update orders set expires_at = ${ended} where id = ${orderId}`);
    await t.services.store.expiry.expireTerms();
    expect(await validate(key)).toMatchObject({ code: "EXPIRED" });
    expect((await detail(orderId)).status).toBe("expired");
    const res = await admin(`/api/admin/licences/${before.id}/extend`, "POST", { months: 3 });
    expect(res.status).toBe(200);
    const after = (await res.json()).licence;
    expect(after.state).toBe("valid");
    const expected = new Date(ended);
    expected.setUTCMonth(expected.getUTCMonth() + 3);
    expect(after.expires_at).toBe(expected.toISOString());
    expect(await validate(key)).toMatchObject({ valid: true, code: "VALID", expires_at: expected.toISOString() });
    expect((await detail(orderId)).status).toBe("placed");
    expect(await auditActions(before.id)).toContain("licence.extend");
  });
});

describe("races", () => {
  it("two admins revoking at once: the database lets one through, the other gets 409, one audit row", async () => {
    const { orderId } = await buy();
    const id = (await detail(orderId)).licence!.id;
    const answers = await Promise.all(
      [1, 2, 3].map((i) =>
        Promise.resolve(admin(`/api/admin/licences/${id}/revoke`, "POST", { reason: `race ${i}` })).then((r) => r.status),
      ),
    );
    expect(answers.sort()).toEqual([200, 409, 409]);
    expect(await auditActions(id)).toEqual(["licence.revoke"]);
  });
});

describe("POST /api/admin/orders/:id/receipt", () => {
  it("queues the receipt again, 3 an hour per order, then 429; 404 unknown; 409 unpaid", async () => {
    const { orderId } = await buy();
    for (let i = 0; i < 3; i++) expect((await admin(`/api/admin/orders/${orderId}/receipt`, "POST")).status).toBe(202);
    const over = await admin(`/api/admin/orders/${orderId}/receipt`, "POST");
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBeTruthy();
    expect((await detail(orderId)).mails.filter((m) => m.kind === "receipt")).toHaveLength(4);
    expect(await auditActions(orderId)).toEqual(["order.receipt_resend", "order.receipt_resend", "order.receipt_resend"]);
    expect((await admin(`/api/admin/orders/999999/receipt`, "POST")).status).toBe(404);
    const pending = CreatedOrderSchema.parse(
      await (await post("/api/checkout/orders", { product_id: "desk-dirx", version: "1.0", email: "p@example.com", name: "P" })).json(),
    );
    expect((await admin(`/api/admin/orders/${pending.order_id}/receipt`, "POST")).status).toBe(409);
  });
});
