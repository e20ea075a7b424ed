import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ageRefund, creditNoteSeqs, orderDetail, startRefund, TEST_BILLING } from "../../../tests/helpers/refund-fixtures";
import { addSaleVersion, buyAndPay } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { exampleTaxSite } from "../../platform/config";
import { queryRows } from "../../platform/db/query-rows";

// Refunds whose refund.processed webhook never came, through the test provider: its webhooks are
// caught here instead of delivered (lost), and the sweep asks the provider's recorded state.
const SECRET = "refund-sweep-tests-secret-0123";
let t: TestApp;
let headers: Record<string, string>;
let lost: { body: string; headers: Record<string, string> }[] = [];
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ config: { PAYMENT_TEST_SECRET: SECRET, CHECKOUT_RATE_LIMIT: 10_000, site: exampleTaxSite() } });
  headers = (await t.loginAsAdmin()).headers;
  t.services.store.testProvider.useWebhookSender(async (body, h) => (lost.push({ body, headers: h }), 200));
  await addSaleVersion(t, "sw-dirx", "1.0", { amountMinor: 149_900 });
});
afterAll(() => t.close());

const sweep = () => t.services.store.refundSweep.sweepPending();
const none = { processed: 0, failed: 0, pending: 0, errors: 0 };
const paidOrder = () => {
  const i = ++n;
  return buyAndPay(
    t,
    SECRET,
    { product_id: "sw-dirx", version: "1.0", email: `sw${i}@example.com`, name: "Asha Rao", billing: TEST_BILLING },
    { ip: "127.0.0.1", paymentId: `pay_SWEEP${String(i).padStart(9, "0")}` },
  );
};
/** A refund asked for and answered pending, whose webhook was lost; `minutes` ago. */
async function lostRefund(amount = 1499, minutes = 11) {
  const orderId = await paidOrder();
  lost = [];
  const refund = await startRefund(t, headers, orderId, amount, `sweep-key-${n}`);
  await t.services.store.testProvider.settled();
  expect(refund.status).toBe("pending");
  await ageRefund(t, refund.id, minutes);
  return { orderId, refund, webhook: lost[0] };
}
const deliver = (hook: { body: string; headers: Record<string, string> }) =>
  t.request("/api/payments/razorpay/webhook", {
    method: "POST",
    body: hook.body,
    headers: { "content-type": "application/json", ...hook.headers },
  });

describe("the refund sweep (test provider)", () => {
  it("leaves a refund alone within the grace period, then records it as the webhook would; the late webhook adds nothing", async () => {
    const young = await lostRefund(1499, 5);
    expect(await sweep()).toEqual(none);
    expect((await orderDetail(t, headers, young.orderId)).refunds[0].status).toBe("pending");
    await ageRefund(t, young.refund.id, 6);
    expect(await sweep()).toEqual({ ...none, processed: 1 });
    const d = await orderDetail(t, headers, young.orderId);
    expect(d).toMatchObject({ status: "refunded", refundable: 0 });
    expect(d.licence?.state).toBe("revoked");
    expect(d.refunds).toEqual([expect.objectContaining({ status: "processed", provider_refund_id: young.refund.provider_refund_id })]);
    expect(d.credit_notes).toEqual([expect.objectContaining({ refund_id: young.refund.id, total: 1499 })]);
    expect((await deliver(young.webhook)).status).toBe(200);
    expect((await orderDetail(t, headers, young.orderId)).credit_notes).toHaveLength(1);
    expect(await sweep()).toEqual(none);
  });

  it("failed at the provider: the refund is failed, its amount free again, with an audit row and a warn line; no credit note", async () => {
    const { orderId, refund } = await lostRefund(500);
    expect(t.services.store.testProvider.setRefundStatus(refund.provider_refund_id as string, "failed")).toBe(true);
    const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const counts = await sweep();
    const lines = write.mock.calls.map((c) => String(c[0]));
    write.mockRestore();
    expect(counts).toEqual({ ...none, failed: 1 });
    expect(lines.filter((l) => l.includes("did not take the refund"))).toEqual([expect.stringContaining(`"refundId":${refund.id}`)]);
    const d = await orderDetail(t, headers, orderId);
    expect(d).toMatchObject({ status: "placed", refundable: 1499, credit_notes: [] });
    expect(d.refunds).toEqual([expect.objectContaining({ status: "failed" })]);
    const audit = await queryRows<{ detail: Record<string, unknown> }>(
      t.database.db,
      sql`select detail from audit_log where action = 'order.refund_failed' and entity_id = ${String(orderId)}`,
    );
    expect(audit).toEqual([{ detail: expect.objectContaining({ refund_id: refund.id, by: "refund sweep" }) }]);
  });

  it("still pending at the provider: left pending and asked again only after another grace period", async () => {
    const { orderId, refund } = await lostRefund(300);
    t.services.store.testProvider.setRefundStatus(refund.provider_refund_id as string, "pending");
    expect(await sweep()).toEqual({ ...none, pending: 1 });
    expect(await sweep()).toEqual(none);
    await ageRefund(t, refund.id, 11);
    expect(await sweep()).toEqual({ ...none, pending: 1 });
    const d = await orderDetail(t, headers, orderId);
    expect(d).toMatchObject({ refundable: 1199, credit_notes: [] });
    // The order page says when the site last asked the provider.
    expect(d.refunds[0]).toMatchObject({ status: "pending", checked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    t.services.store.testProvider.setRefundStatus(refund.provider_refund_id as string, "processed");
    await ageRefund(t, refund.id, 11);
    expect(await sweep()).toEqual({ ...none, processed: 1 });
  });

  it("the provider's answer was never stored: found by our refund id; a refund the provider never took is failed", async () => {
    const found = await lostRefund(200);
    await t.database.db.execute(sql`update refunds set provider_refund_id = null where id = ${found.refund.id}`);
    const orderId = await paidOrder();
    const [never] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into refunds (order_id, amount_minor, status, reason, created_at)
        values (${orderId}, 10000, 'pending', 'crashed before asking', now() - interval '11 minutes') returning id`,
    );
    expect(await sweep()).toEqual({ ...none, processed: 1, failed: 1 });
    expect((await orderDetail(t, headers, found.orderId)).refunds).toEqual([
      expect.objectContaining({ status: "processed", provider_refund_id: found.refund.provider_refund_id }),
    ]);
    expect((await orderDetail(t, headers, orderId)).refunds).toEqual([expect.objectContaining({ id: Number(never.id), status: "failed" })]);
  });

  it("a refund the database will not settle is rolled back, logged and retried; the others of the round are settled", async () => {
    const stuck = await lostRefund(250);
    const fine = await lostRefund(260);
    const db = t.database.db;
    await db.execute(
      sql.raw(`create function refuse_note() returns trigger language plpgsql as $$
      begin if new.refund_id = ${stuck.refund.id} then raise exception 'no note today'; end if; return new; end $$`),
    );
    await db.execute(sql`create trigger refuse_note before insert on invoices for each row execute function refuse_note()`);
    const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const counts = await sweep().finally(() => write.mockRestore());
    await db.execute(sql`drop trigger refuse_note on invoices`);
    await db.execute(sql`drop function refuse_note()`);
    expect(counts).toEqual({ ...none, processed: 1, errors: 1 });
    expect((await orderDetail(t, headers, fine.orderId)).credit_notes).toHaveLength(1);
    expect(await orderDetail(t, headers, stuck.orderId)).toMatchObject({
      refunds: [expect.objectContaining({ status: "pending" })],
      credit_notes: [],
    });
    await ageRefund(t, stuck.refund.id, 11);
    expect(await sweep()).toEqual({ ...none, processed: 1 });
  });

  it("the sweep and the late webhook at once record each refund once: one credit note each, numbers without gaps", async () => {
    for (let i = 0; i < 4; i++) {
      const { orderId, webhook } = await lostRefund(i % 2 ? 1499 : 700);
      const [hook, counts] = await Promise.all([deliver(webhook), sweep()]);
      expect(hook.status).toBe(200);
      expect(counts.processed).toBeLessThanOrEqual(1);
      const d = await orderDetail(t, headers, orderId);
      expect(d.refunds).toEqual([expect.objectContaining({ status: "processed" })]);
      expect(d.credit_notes).toHaveLength(1);
    }
    const seqs = await creditNoteSeqs(t);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  });

  // PGlite has one connection: a second transaction cannot hold a row while the sweep runs.
  it.skipIf(process.env.TEST_DB !== "postgres")(
    "a refund another process holds is skipped, not waited for (FOR UPDATE SKIP LOCKED), and swept in a later round",
    async () => {
      const held = await lostRefund(150);
      const other = await lostRefund(160);
      const second = await createTestApp({ config: t.config, database: t.database });
      let release = () => {};
      let holding = () => {};
      const locked = new Promise<void>((resolve) => (holding = resolve));
      const holder = second.database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from refunds where id = ${held.refund.id} for update`);
        holding();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await locked;
      try {
        expect(await sweep()).toEqual({ ...none, processed: 1 });
        expect((await orderDetail(t, headers, other.orderId)).refunds[0].status).toBe("processed");
        expect((await orderDetail(t, headers, held.orderId)).refunds[0].status).toBe("pending");
      } finally {
        release();
        await holder;
        await second.close();
      }
      expect(await sweep()).toEqual({ ...none, processed: 1 });
    },
  );

  it("two sweeps at once (as two processes would): each refund is asked about and recorded once", async () => {
    const orders: number[] = [];
    for (let i = 0; i < 6; i++) orders.push((await lostRefund(100 + i)).orderId);
    const [a, b] = await Promise.all([sweep(), sweep()]);
    expect(a.processed + b.processed).toBe(6);
    expect(a.errors + b.errors + a.failed + b.failed + a.pending + b.pending).toBe(0);
    for (const orderId of orders) expect((await orderDetail(t, headers, orderId)).credit_notes).toHaveLength(1);
    const seqs = await creditNoteSeqs(t);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  });
});
