import { sql } from "drizzle-orm";
import nock from "nock";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ageRefund, creditNoteSeqs, orderDetail, startRefund, TEST_BILLING } from "../../../tests/helpers/refund-fixtures";
import { addSaleVersion, buyAndPay } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { exampleTaxSite } from "../../platform/config";
import { queryRows } from "../../platform/db/query-rows";

// The refund sweep asking Razorpay through the official SDK's real request code: only Razorpay's
// HTTP is answered, by nock (a refund asked about twice would meet no answer and count as an error).
const KEY_ID = "rzp_test_Sweep012345678";
const KEY_SECRET = "razorpay-sweep-key-secret";
const config = {
  PAYMENT_PROVIDER: "razorpay" as const,
  RAZORPAY_KEY_ID: KEY_ID,
  RAZORPAY_KEY_SECRET: KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET: "razorpay-sweep-webhook-secret",
  CHECKOUT_RATE_LIMIT: 10_000,
  site: exampleTaxSite(),
};
const API = "https://api.razorpay.com";
const auth = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString("base64")}`;
let r: TestApp;
let headers: Record<string, string>;
let n = 0;

beforeAll(async () => {
  nock.disableNetConnect();
  r = await createTestApp({ config });
  headers = (await r.loginAsAdmin()).headers;
  await addSaleVersion(r, "swr-dirx", "1.0", { amountMinor: 149_900 });
});
afterEach(() => nock.cleanAll());
afterAll(async () => {
  nock.enableNetConnect();
  await r.close();
});

const none = { processed: 0, failed: 0, pending: 0, errors: 0 };
const refundEntity = (id: string, paymentId: string, amount: number, status: string, refundId: number) => ({
  id,
  entity: "refund",
  amount,
  currency: "INR",
  payment_id: paymentId,
  notes: { refund_id: String(refundId) },
  status,
});

/** A Razorpay order paid and refunded in part (answered pending), whose webhook never came, 11 minutes ago. */
async function pendingRefund(amount = 50_000) {
  const i = ++n;
  const paymentId = `pay_RzpSweep${String(i).padStart(6, "0")}`;
  const providerRefundId = `rfnd_RzpSweep${String(i).padStart(6, "0")}`;
  nock(API)
    .post("/v1/orders")
    .reply(200, (_uri, body) => ({ id: `order_RzpSweep${String(i).padStart(6, "0")}`, entity: "order", ...(body as object) }));
  const orderId = await buyAndPay(
    r,
    KEY_SECRET,
    { product_id: "swr-dirx", version: "1.0", email: `swr${i}@example.com`, name: "Ravi Iyer", billing: TEST_BILLING },
    { ip: "127.0.0.1", paymentId },
  );
  nock(API)
    .post(`/v1/payments/${paymentId}/refund`)
    .reply(200, (_uri, body) => ({
      ...refundEntity(providerRefundId, paymentId, amount, "pending", 0),
      notes: (body as { notes: unknown }).notes,
    }));
  const refund = await startRefund(r, headers, orderId, amount / 100, `rzp-sweep-key-${i}`);
  await ageRefund(r, refund.id, 11);
  return { orderId, paymentId, providerRefundId, refundId: refund.id };
}

describe("the refund sweep through Razorpay (SDK + nock)", () => {
  it("fetches the refund by its id (basic auth); processed is recorded with its credit note", async () => {
    const p = await pendingRefund();
    const scope = nock(API, { reqheaders: { authorization: auth } })
      .get(`/v1/payments/${p.paymentId}/refunds/${p.providerRefundId}`)
      .reply(200, refundEntity(p.providerRefundId, p.paymentId, 50_000, "processed", p.refundId));
    expect(await r.services.store.refundSweep.sweepPending()).toEqual({ ...none, processed: 1 });
    expect(scope.isDone()).toBe(true);
    const d = await orderDetail(r, headers, p.orderId);
    expect(d.refunds).toEqual([expect.objectContaining({ status: "processed", provider_refund_id: p.providerRefundId })]);
    expect(d.credit_notes).toEqual([expect.objectContaining({ refund_id: p.refundId, total: 500 })]);
  });

  it("Razorpay's answer to the refund was never stored: its refunds of the payment are listed and ours found by the notes", async () => {
    const p = await pendingRefund();
    await r.database.db.execute(sql`update refunds set provider_refund_id = null where id = ${p.refundId}`);
    nock(API)
      .get(`/v1/payments/${p.paymentId}/refunds`)
      .query(true)
      .reply(200, {
        entity: "collection",
        count: 2,
        items: [
          refundEntity("rfnd_SomeoneElse001", p.paymentId, 100, "processed", 999_999),
          refundEntity(p.providerRefundId, p.paymentId, 50_000, "failed", p.refundId),
        ],
      });
    expect(await r.services.store.refundSweep.sweepPending()).toEqual({ ...none, failed: 1 });
    const d = await orderDetail(r, headers, p.orderId);
    expect(d.refunds).toEqual([expect.objectContaining({ status: "failed", provider_refund_id: p.providerRefundId })]);
    expect(d).toMatchObject({ refundable: 1499, credit_notes: [] });
  });

  it("Razorpay failing: a warn line without secrets, the refund left pending and asked again next round", async () => {
    const p = await pendingRefund();
    nock(API)
      .get(`/v1/payments/${p.paymentId}/refunds/${p.providerRefundId}`)
      .reply(500, { error: { code: "SERVER_ERROR" } });
    const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const counts = await r.services.store.refundSweep.sweepPending();
    const lines = write.mock.calls.map((c) => String(c[0])).filter((l) => l.includes("refund sweep"));
    write.mockRestore();
    expect(counts).toEqual({ ...none, errors: 1 });
    expect(lines).toEqual([expect.stringContaining('"level":"warn"')]);
    expect(lines[0]).toContain("SERVER_ERROR");
    expect(lines[0]).not.toContain(KEY_SECRET);
    expect((await orderDetail(r, headers, p.orderId)).refunds[0].status).toBe("pending");
    await ageRefund(r, p.refundId, 11);
    nock(API)
      .get(`/v1/payments/${p.paymentId}/refunds/${p.providerRefundId}`)
      .reply(200, refundEntity(p.providerRefundId, p.paymentId, 50_000, "processed", p.refundId));
    expect(await r.services.store.refundSweep.sweepPending()).toEqual({ ...none, processed: 1 });
  });

  it("two app instances sweeping at once ask Razorpay once per refund and record each once", async () => {
    const second = await createTestApp({ config, database: r.database });
    const due = [];
    for (let i = 0; i < 6; i++) due.push(await pendingRefund(10_000 + i * 100));
    for (const p of due)
      nock(API)
        .get(`/v1/payments/${p.paymentId}/refunds/${p.providerRefundId}`)
        .delay(20)
        .reply(200, refundEntity(p.providerRefundId, p.paymentId, 10_000, "processed", p.refundId));
    const [a, b] = await Promise.all([r.services.store.refundSweep.sweepPending(), second.services.store.refundSweep.sweepPending()]);
    await second.close();
    expect({ ...none, processed: a.processed + b.processed, errors: a.errors + b.errors }).toEqual({ ...none, processed: 6 });
    expect(nock.pendingMocks()).toEqual([]);
    const [{ count }] = await queryRows<{ count: number }>(
      r.database.db,
      sql`select count(*)::int as count from invoices where kind = 'credit_note' and refund_id in (${sql.join(
        due.map((p) => sql`${p.refundId}`),
        sql`, `,
      )})`,
    );
    expect(count).toBe(6);
    // One refund mail per refund, whichever instance recorded it.
    const mails = await queryRows<{ order_id: string }>(
      r.database.db,
      sql`select order_id from mail_outbox where kind = 'refund' and order_id in (${sql.join(
        due.map((p) => sql`${p.orderId}`),
        sql`, `,
      )}) order by order_id`,
    );
    expect(mails.map((m) => Number(m.order_id))).toEqual(due.map((p) => p.orderId).sort((x, y) => x - y));
    const seqs = await creditNoteSeqs(r);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  });
});
