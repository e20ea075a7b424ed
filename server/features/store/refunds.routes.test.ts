import { sql } from "drizzle-orm";
import nock from "nock";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AdminOrderDetailSchema, RefundStartedSchema } from "../../../contract/admin-order-detail";
import { CreatedOrderSchema } from "../../../contract/store";
import { addSaleVersion, signedEvent } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { checkoutSignature } from "../../integrations/payments/signature";
import { exampleTaxSite } from "../../platform/config";
import { queryRows } from "../../platform/db/query-rows";
import { invoiceHtml } from "../invoices";

// Refunds through the test provider (it records the refund, then sends refund.processed through the
// webhook as Razorpay would) and through Razorpay's SDK with only its HTTP answered by nock.
const SECRET = "refund-tests-secret-0123456789";
const now = () => new Date("2026-11-20T06:00:00Z");
const BILLING = { state_code: "27", gstin: "27AAPFU0939F1ZV", legal_name: "Pune Secure LLP", address: "2 FC Road, Pune" };
let t: TestApp;
let headers: Record<string, string>;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({
    config: { PAYMENT_TEST_SECRET: SECRET, CHECKOUT_RATE_LIMIT: 10_000, LICENCE_RATE_LIMIT: 10_000, site: exampleTaxSite() },
    now,
  });
  headers = (await t.loginAsAdmin()).headers;
  t.services.store.testProvider.useWebhookSender(
    async (body, h) =>
      (await t.request("/api/payments/razorpay/webhook", { method: "POST", body, headers: { "content-type": "application/json", ...h } }))
        .status,
  );
  await addSaleVersion(t, "rf-dirx", "1.0", { amountMinor: 149_900 });
});
afterAll(() => t.close());

type Bought = { orderId: number; token: string; key: string; paymentId: string };
async function buy(app: TestApp = t, secret = SECRET, productId = "rf-dirx"): Promise<Bought> {
  const i = ++n;
  const res = await app.request("/api/checkout/orders", {
    method: "POST",
    json: { product_id: productId, version: "1.0", email: `rf${i}@example.com`, name: "Asha Rao", billing: BILLING },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const o = CreatedOrderSchema.parse(await res.json());
  const paymentId = `pay_RFND${String(i).padStart(10, "0")}`;
  const paid = await app.request(`/api/checkout/orders/${o.order_id}/confirm`, {
    method: "POST",
    json: {
      razorpay_order_id: o.payment.provider_order_id,
      razorpay_payment_id: paymentId,
      razorpay_signature: checkoutSignature(secret, o.payment.provider_order_id, paymentId),
    },
  });
  expect(paid.status).toBe(200);
  return { orderId: o.order_id, token: o.token, key: (await paid.json()).licence_key, paymentId };
}

const refund = (orderId: number, json: unknown, key?: string, app = t, h = headers) =>
  app.request(`/api/admin/orders/${orderId}/refund`, {
    method: "POST",
    json,
    headers: { ...h, ...(key ? { "idempotency-key": key } : {}) },
  });
const detail = async (orderId: number, app = t, h = headers) => {
  const res = await app.request(`/api/admin/orders/${orderId}`, { headers: h });
  expect(res.status).toBe(200);
  return AdminOrderDetailSchema.parse(await res.json());
};
const validate = async (key: string, app = t) =>
  (await (await app.request("/api/licenses/validate", { method: "POST", json: { key } })).json()) as { valid: boolean; code?: string };
type Note = { number: string; reverses: string; taxable: number; cgst: number; sgst: number; igst: number; total: number };
const notesOf = (orderId: number, app = t) =>
  queryRows<Note>(
    app.database.db,
    sql`select c.number, i.number as reverses, c.taxable_minor::int as taxable, c.cgst_minor::int as cgst, c.sgst_minor::int as sgst,
        c.igst_minor::int as igst, c.total_minor::int as total
      from invoices c join invoices i on i.id = c.reverses_id where c.order_id = ${orderId} and c.kind = 'credit_note' order by c.seq`,
  );
const settled = () => t.services.store.testProvider.settled();

describe("POST /api/admin/orders/:id/refund (test provider)", () => {
  it("a full refund: pending, then processed by the webhook; the order refunded, its licence revoked, a credit note reversing all the IGST", async () => {
    const b = await buy();
    const res = await refund(b.orderId, { amount: 1499, reason: "Bought by mistake", revoke_licence: false }, "full-refund-key-1");
    expect(res.status, await res.clone().text()).toBe(200);
    const started = RefundStartedSchema.parse(await res.json());
    expect(started.refund).toMatchObject({ amount: 1499, status: "pending", provider_refund_id: expect.stringMatching(/^rfnd_/) });
    await settled();
    const d = await detail(b.orderId);
    expect(d.status).toBe("refunded");
    expect(d.licence?.state).toBe("revoked");
    expect(d.refundable).toBe(0);
    expect(d.refunds).toEqual([
      expect.objectContaining({ amount: 1499, status: "processed", provider_refund_id: started.refund.provider_refund_id }),
    ]);
    expect(d.invoice).toMatchObject({ number: expect.stringMatching(/^OL\/2026-27\/\d{5}$/), total: 1499 });
    expect(d.credit_notes).toEqual([expect.objectContaining({ number: expect.stringMatching(/^OL\/CN\/2026-27\/\d{5}$/), total: 1499 })]);
    expect(await notesOf(b.orderId)).toEqual([
      { number: d.credit_notes[0].number, reverses: d.invoice?.number, taxable: 127034, cgst: 0, sgst: 0, igst: 22866, total: 149900 },
    ]);
    expect(await validate(b.key)).toMatchObject({ valid: false, code: "REVOKED" });
    const [audit] = await queryRows<{ action: string; detail: Record<string, unknown> }>(
      t.database.db,
      sql`select action, detail from audit_log where action = 'order.refund' and entity_id = ${String(b.orderId)}`,
    );
    expect(audit.detail).toMatchObject({ amount: 1499, reason: "Bought by mistake", revoke_licence: false });
    // Already refunded: nothing is left to refund.
    const again = await refund(b.orderId, { amount: 1, reason: "again" }, "full-refund-key-2");
    expect(again.status).toBe(400);
    expect((await again.json()).errors).toEqual({ amount: "Nothing is left to refund: the order is refunded." });
  });

  it("two partial refunds: the first keeps the licence, the second reaches the total; the notes add up to the invoice exactly", async () => {
    const b = await buy();
    expect((await refund(b.orderId, { amount: 749.5, reason: "Half back" }, "partial-key-0001")).status).toBe(200);
    await settled();
    let d = await detail(b.orderId);
    expect(d.status).toBe("placed");
    expect(d.licence?.state).toBe("valid");
    expect(d.refundable).toBe(749.5);
    expect((await validate(b.key)).valid).toBe(true);
    expect((await refund(b.orderId, { amount: 749.5, reason: "The rest" }, "partial-key-0002")).status).toBe(200);
    await settled();
    d = await detail(b.orderId);
    expect(d.status).toBe("refunded");
    expect(d.licence?.state).toBe("revoked");
    const revokedAt = d.licence?.revoked_at;
    const notes = await notesOf(b.orderId);
    // 22866 × 74950 / 149900 = 11433 exactly; the second note takes the rest, so the two sum to the invoice.
    expect(notes.map(({ taxable, igst, total }) => ({ taxable, igst, total }))).toEqual([
      { taxable: 63517, igst: 11433, total: 74950 },
      { taxable: 63517, igst: 11433, total: 74950 },
    ]);
    expect(d.credit_notes.map((c) => c.refund_id)).toEqual(d.refunds.map((r) => r.id));
    // A repeated refund.processed for the second refund changes nothing: still revoked once, two notes.
    const again = signedEvent(
      SECRET,
      "refund.processed",
      {
        refund: {
          entity: { id: d.refunds[1].provider_refund_id, payment_id: b.paymentId, amount: 74_950, currency: "INR", notes: [] },
        },
      },
      "evt_rf_repeat",
    );
    expect((await t.request("/api/payments/razorpay/webhook", { method: "POST", body: again.body, headers: again.headers })).status).toBe(
      200,
    );
    expect((await detail(b.orderId)).licence?.revoked_at).toBe(revokedAt);
    expect(await notesOf(b.orderId)).toHaveLength(2);
  });

  it("reverses tax over all refunds so far: three refunds whose own roundings would miss a paisa still sum to the invoice", async () => {
    const b = await buy();
    for (const [i, amount] of [100, 100, 1299].entries()) {
      expect((await refund(b.orderId, { amount, reason: `Part ${i}` }, `three-parts-key-${i}`)).status).toBe(200);
      await settled();
    }
    // Alone, 22866 × 10000 / 149900 = 1525.4 → 1525 twice and 19815.1 → 19815: 22865, a paisa short.
    const notes = await notesOf(b.orderId);
    expect(notes.map((c) => c.igst)).toEqual([1525, 1526, 19815]);
    expect(notes.reduce((sum, c) => sum + c.igst, 0)).toBe(22866);
    expect(notes.reduce((sum, c) => sum + c.taxable, 0)).toBe(127034);
    expect((await detail(b.orderId)).status).toBe("refunded");
  });

  it("a partial refund revokes the licence only when asked; the order stays paid", async () => {
    const b = await buy();
    expect((await refund(b.orderId, { amount: 100, reason: "Goodwill, key leaked", revoke_licence: true }, "revoke-key-0001")).status).toBe(
      200,
    );
    await settled();
    const d = await detail(b.orderId);
    expect(d).toMatchObject({ status: "placed", refundable: 1399 });
    expect(d.licence?.state).toBe("revoked");
    expect(await validate(b.key)).toMatchObject({ valid: false, code: "REVOKED" });
  });

  it("refuses more than is left (400, by the field), an unpaid order (409) and bad input; nothing is recorded", async () => {
    const b = await buy();
    const tooMuch = await refund(b.orderId, { amount: 1499.01, reason: "Too much" }, "too-much-key-01");
    expect(tooMuch.status).toBe(400);
    expect((await tooMuch.json()).errors).toMatchObject({ amount: "At most ₹1,499.00 is left to refund." });
    expect((await refund(b.orderId, { amount: 0.5, reason: "Too little" })).status).toBe(400);
    // A decimal string is an amount; an exponent form never is ("1e3" must not read as ₹1,000).
    const exponent = await refund(b.orderId, { amount: "1e3", reason: "Exponent" });
    expect(exponent.status).toBe(400);
    expect((await exponent.json()).errors).toEqual({ amount: "Enter the amount as a number." });
    expect((await refund(b.orderId, { amount: 10, reason: "" })).status).toBe(400);
    expect((await refund(b.orderId, { amount: 10, reason: "x" }, "bad key!")).status).toBe(400);
    const pending = CreatedOrderSchema.parse(
      await (
        await t.request("/api/checkout/orders", {
          method: "POST",
          json: { product_id: "rf-dirx", version: "1.0", email: "unpaid@example.com", name: "Un Paid", billing: BILLING },
        })
      ).json(),
    );
    expect((await refund(pending.order_id, { amount: 10, reason: "Unpaid" })).status).toBe(409);
    expect((await refund(99_999_999, { amount: 10, reason: "Unknown" })).status).toBe(404);
    expect((await t.request(`/api/admin/orders/${b.orderId}/refund`, { method: "POST", json: { amount: 1, reason: "x" } })).status).toBe(
      401,
    );
    const [{ count }] = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from refunds where order_id in (${b.orderId}, ${pending.order_id})`,
    );
    expect(count).toBe(0);
  });

  it("the same Idempotency-Key twice answers the same refund: one refund, one credit note; another amount under it is refused", async () => {
    const b = await buy();
    const first = RefundStartedSchema.parse(await (await refund(b.orderId, { amount: 200, reason: "Once" }, "same-key-000001")).json());
    const second = RefundStartedSchema.parse(await (await refund(b.orderId, { amount: 200, reason: "Once" }, "same-key-000001")).json());
    // The same refund, in its state now (the sandbox's webhook may have processed it in between).
    expect(second.refund).toEqual({ ...first.refund, status: expect.stringMatching(/^(pending|processed)$/) });
    await settled();
    const third = await refund(b.orderId, { amount: 200, reason: "Once" }, "same-key-000001");
    expect(third.status).toBe(200);
    expect(RefundStartedSchema.parse(await third.json()).refund).toEqual({ ...first.refund, status: "processed" });
    expect((await refund(b.orderId, { amount: 300, reason: "Other" }, "same-key-000001")).status).toBe(409);
    // The same amount with any other field is another request too: refused, never the old answer.
    for (const other of [
      { amount: 200, reason: "Once", revoke_licence: true },
      { amount: 200, reason: "Twice" },
    ]) {
      const res = await refund(b.orderId, other, "same-key-000001");
      expect(res.status).toBe(409);
      expect((await res.json()).message).toMatch(/another refund request/);
    }
    // The same request spelt otherwise (the amount as a decimal string, keys reordered) is the same request.
    expect((await refund(b.orderId, { reason: "Once", amount: "200.00", revoke_licence: false }, "same-key-000001")).status).toBe(200);
    const d = await detail(b.orderId);
    expect(d.refunds).toHaveLength(1);
    expect(d.credit_notes).toHaveLength(1);
    expect(d.refundable).toBe(1299);
  });

  it("a refund made in Razorpay's dashboard (only its webhook arrives) is recorded the same way, with its credit note", async () => {
    const b = await buy();
    const hook = signedEvent(
      SECRET,
      "refund.processed",
      { refund: { entity: { id: "rfnd_Dashboard00001", payment_id: b.paymentId, amount: 50_000, currency: "INR", notes: [] } } },
      "evt_rf_dashboard",
    );
    expect((await t.request("/api/payments/razorpay/webhook", { method: "POST", body: hook.body, headers: hook.headers })).status).toBe(
      200,
    );
    const d = await detail(b.orderId);
    expect(d.refunds).toEqual([expect.objectContaining({ amount: 500, status: "processed", provider_refund_id: "rfnd_Dashboard00001" })]);
    expect(d).toMatchObject({ status: "placed", refundable: 999 });
    expect(d.licence?.state).toBe("valid");
    expect(await notesOf(b.orderId)).toEqual([expect.objectContaining({ total: 50_000, igst: 7627, taxable: 42373 })]);
  });

  it("a refund webhook for an unknown payment is acknowledged (200) and changes nothing: no credit note number is taken", async () => {
    const before = await queryRows<{ last: number }>(t.database.db, sql`select last from invoice_counters where series = 'credit_note'`);
    const hook = signedEvent(
      SECRET,
      "refund.processed",
      { refund: { entity: { id: "rfnd_NotOurs000001", payment_id: "pay_NotOurs0000001", amount: 1000, currency: "INR" } } },
      "evt_rf_unknown",
    );
    expect((await t.request("/api/payments/razorpay/webhook", { method: "POST", body: hook.body, headers: hook.headers })).status).toBe(
      200,
    );
    expect(await queryRows(t.database.db, sql`select id from refunds where provider_refund_id = 'rfnd_NotOurs000001'`)).toEqual([]);
    expect(await queryRows(t.database.db, sql`select last from invoice_counters where series = 'credit_note'`)).toEqual(before);
  });

  it("two refunds of what is left at once: one is taken, the other refused with 400; one credit note, numbers without gaps", async () => {
    const b = await buy();
    const [a, c] = await Promise.all([
      refund(b.orderId, { amount: 1499, reason: "Race A" }, "race-key-A-0001"),
      refund(b.orderId, { amount: 1499, reason: "Race B" }, "race-key-B-0001"),
    ]);
    expect([a.status, c.status].sort()).toEqual([200, 400]);
    await settled();
    const d = await detail(b.orderId);
    expect(d.status).toBe("refunded");
    expect(d.refunds).toHaveLength(1);
    expect(d.credit_notes).toHaveLength(1);
    // Every credit note issued in this file, numbered 1, 2, 3 … in the year: none skipped, none twice.
    const seqs = await queryRows<{ seq: number }>(
      t.database.db,
      sql`select seq from invoices where kind = 'credit_note' and financial_year = '2026-27' order by seq`,
    );
    expect(seqs.map((s) => Number(s.seq))).toEqual(seqs.map((_, i) => i + 1));
  });

  it("opens a credit note as HTML for the admin and, with the order's token, for the buyer", async () => {
    const b = await buy();
    await refund(b.orderId, { amount: 500, reason: "Part" }, "html-key-000001");
    await settled();
    const d = await detail(b.orderId);
    const number = d.credit_notes[0].number;
    const admin = await t.request(`/api/admin/invoices/${encodeURIComponent(number)}`, { headers });
    expect(admin.status).toBe(200);
    const html = await admin.text();
    for (const text of [`Credit note ${number}`, `Reverses invoice`, d.invoice!.number, "IGST @ 18%", "₹500.00", "GSTIN 27AAPFU0939F1ZV"])
      expect(html).toContain(text);
    // What /account/invoices/:number serves with the order's token (the page itself is driven in tests/e2e/refunds.spec.ts).
    await t.services.store.orders.publicView(b.orderId, b.token);
    expect(invoiceHtml(await t.services.invoices.ofOrder(number, b.orderId))).toContain(`Credit note ${number}`);
    await expect(t.services.invoices.ofOrder(number, b.orderId - 1)).rejects.toThrow(/no such invoice/);
  });
});

describe("refunds through Razorpay (SDK + nock)", () => {
  const KEY_ID = "rzp_test_Refund0123456";
  const KEY_SECRET = "razorpay-refund-key-secret";
  const WEBHOOK_SECRET = "razorpay-refund-webhook-secret";
  let r: TestApp;
  let rh: Record<string, string>;
  let orders = 0;

  beforeAll(async () => {
    nock.disableNetConnect();
    r = await createTestApp({
      config: {
        PAYMENT_PROVIDER: "razorpay",
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        site: exampleTaxSite(),
      },
      now,
    });
    rh = (await r.loginAsAdmin()).headers;
    await addSaleVersion(r, "rzrf-dirx", "1.0", { amountMinor: 149_900 });
  });
  afterEach(() => nock.cleanAll());
  afterAll(async () => {
    nock.enableNetConnect();
    await r.close();
  });

  async function buyWithRazorpay(): Promise<Bought> {
    const id = `order_RzpRefund${String(++orders).padStart(5, "0")}`;
    nock("https://api.razorpay.com")
      .post("/v1/orders")
      .reply(200, (_uri, body) => ({ id, entity: "order", ...(body as object), status: "created" }));
    return buy(r, KEY_SECRET, "rzrf-dirx");
  }
  const auth = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString("base64")}`;

  it("asks Razorpay's Refunds API (paise, our refund id in the notes); the signed refund.processed then issues the credit note", async () => {
    const b = await buyWithRazorpay();
    let sent: Record<string, unknown> | undefined;
    const scope = nock("https://api.razorpay.com", { reqheaders: { authorization: auth } })
      .post(`/v1/payments/${b.paymentId}/refund`, (body) => ((sent = body), true))
      .reply(200, (_uri, body) => ({
        id: "rfnd_RzpRefund000001",
        entity: "refund",
        ...(body as object),
        currency: "INR",
        payment_id: b.paymentId,
        status: "pending",
        speed_requested: "normal",
      }));
    const res = await refund(b.orderId, { amount: 999, reason: "Partial" }, "rzp-refund-key-1", r, rh);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(scope.isDone()).toBe(true);
    const started = RefundStartedSchema.parse(await res.json());
    expect(sent).toMatchObject({ amount: 99_900, notes: { refund_id: String(started.refund.id) } });
    expect(started.refund).toMatchObject({ status: "pending", provider_refund_id: "rfnd_RzpRefund000001" });
    expect(await notesOf(b.orderId, r)).toEqual([]);

    const hook = signedEvent(
      WEBHOOK_SECRET,
      "refund.processed",
      {
        refund: {
          entity: {
            id: "rfnd_RzpRefund000001",
            payment_id: b.paymentId,
            amount: 99_900,
            currency: "INR",
            notes: { refund_id: String(started.refund.id) },
          },
        },
      },
      "evt_rzp_refund_1",
    );
    expect((await r.request("/api/payments/razorpay/webhook", { method: "POST", body: hook.body, headers: hook.headers })).status).toBe(
      200,
    );
    const d = await detail(b.orderId, r, rh);
    expect(d.refunds).toEqual([expect.objectContaining({ amount: 999, status: "processed", provider_refund_id: "rfnd_RzpRefund000001" })]);
    expect(d).toMatchObject({ status: "placed", refundable: 500 });
    expect(await notesOf(b.orderId, r)).toEqual([expect.objectContaining({ total: 99_900, igst: 15_239, taxable: 84_661 })]);
  });

  it("the webhook may come before Razorpay's answer is stored: the notes' refund id finds our refund; an answer of processed records at once", async () => {
    const b = await buyWithRazorpay();
    nock("https://api.razorpay.com")
      .post(`/v1/payments/${b.paymentId}/refund`)
      .reply(200, async (_uri, body) => {
        const notes = (body as { notes: { refund_id: string } }).notes;
        // Razorpay's webhook overtakes its own answer.
        const hook = signedEvent(
          WEBHOOK_SECRET,
          "refund.processed",
          { refund: { entity: { id: "rfnd_RzpRefund000002", payment_id: b.paymentId, amount: 149_900, currency: "INR", notes } } },
          "evt_rzp_refund_2",
        );
        const status = (await r.request("/api/payments/razorpay/webhook", { method: "POST", body: hook.body, headers: hook.headers }))
          .status;
        expect(status).toBe(200);
        return { id: "rfnd_RzpRefund000002", entity: "refund", amount: 149_900, currency: "INR", status: "processed", notes };
      });
    const res = await refund(b.orderId, { amount: 1499, reason: "Full" }, "rzp-refund-key-2", r, rh);
    expect(RefundStartedSchema.parse(await res.json()).refund).toMatchObject({ status: "processed" });
    const d = await detail(b.orderId, r, rh);
    expect(d.status).toBe("refunded");
    expect(d.refunds).toHaveLength(1);
    expect(d.credit_notes).toHaveLength(1);
    expect(await validate(b.key, r)).toMatchObject({ valid: false, code: "REVOKED" });
  });

  it("Razorpay refusing: 503, the refund marked failed and its amount free again; the key is not tried twice", async () => {
    const b = await buyWithRazorpay();
    nock("https://api.razorpay.com")
      .post(`/v1/payments/${b.paymentId}/refund`)
      .reply(400, { error: { code: "BAD_REQUEST_ERROR", description: "The refund amount is invalid" } });
    const res = await refund(b.orderId, { amount: 1499, reason: "Refused" }, "rzp-refund-key-3", r, rh);
    expect(res.status).toBe(503);
    expect(JSON.stringify(await res.json())).not.toContain(KEY_SECRET);
    const d = await detail(b.orderId, r, rh);
    expect(d.refunds).toEqual([expect.objectContaining({ status: "failed" })]);
    expect(d).toMatchObject({ status: "placed", refundable: 1499 });
    const scope = nock("https://api.razorpay.com").post(`/v1/payments/${b.paymentId}/refund`).reply(500, {});
    expect((await refund(b.orderId, { amount: 1499, reason: "Refused" }, "rzp-refund-key-3", r, rh)).status).toBe(409);
    expect(scope.isDone()).toBe(false);
  });
});
