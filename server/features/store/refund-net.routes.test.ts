import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DashboardSchema } from "../../../contract/dashboard";
import { ageRefund, orderDetail, startRefund, TEST_BILLING } from "../../../tests/helpers/refund-fixtures";
import { addSaleVersion, buyAndPay } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { exampleTaxSite } from "../../platform/config";
import { queryRows } from "../../platform/db/query-rows";

// What a processed refund does besides its credit note: the customer's mail (once, whichever of the
// admin's answer, the webhook and the sweep records it), the overview's revenue net of it, and the
// account's "refunded" figure. The test provider's webhooks are caught here, to deliver when and as
// often as a test wants.
const SECRET = "refund-net-tests-secret-012345";
let t: TestApp;
let headers: Record<string, string>;
let hooks: { body: string; headers: Record<string, string> }[] = [];
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ config: { PAYMENT_TEST_SECRET: SECRET, CHECKOUT_RATE_LIMIT: 10_000, site: exampleTaxSite() } });
  headers = (await t.loginAsAdmin()).headers;
  t.services.store.testProvider.useWebhookSender(async (body, h) => (hooks.push({ body, headers: h }), 200));
  await addSaleVersion(t, "net-tool", "1.0", { amountMinor: 149_900 });
});
afterAll(() => t.close());

const paidOrder = () => {
  const i = ++n;
  return buyAndPay(
    t,
    SECRET,
    { product_id: "net-tool", version: "1.0", email: `net${i}@example.com`, name: "Asha Rao", billing: TEST_BILLING },
    { ip: "127.0.0.1", paymentId: `pay_NET${String(i).padStart(11, "0")}` },
  );
};
/** An admin's refund answered pending; its webhook caught, not delivered. */
async function pendingRefund(orderId: number, amount: number) {
  hooks = [];
  const refund = await startRefund(t, headers, orderId, amount, `net-key-${++n}`);
  await t.services.store.testProvider.settled();
  expect(refund.status).toBe("pending");
  return { refund, webhook: hooks[0] };
}
const deliver = async (hook: { body: string; headers: Record<string, string> }) =>
  expect(
    (
      await t.request("/api/payments/razorpay/webhook", {
        method: "POST",
        body: hook.body,
        headers: { "content-type": "application/json", ...hook.headers },
      })
    ).status,
  ).toBe(200);
const refundMails = (orderId: number) =>
  queryRows<{ to_addrs: string[]; subject: string; text_body: string }>(
    t.database.db,
    sql`select to_addrs, subject, text_body from mail_outbox where order_id = ${orderId} and kind = 'refund' order by id`,
  );
const overview = async () => DashboardSchema.parse(await (await t.request("/api/oni/dashboard", { headers })).json());

describe("a processed refund", () => {
  it("mails the customer once with its amount and credit note, by the webhook, however often the webhook comes", async () => {
    const orderId = await paidOrder();
    const { webhook } = await pendingRefund(orderId, 500);
    expect(await refundMails(orderId)).toEqual([]);
    await deliver(webhook);
    await deliver(webhook);
    const d = await orderDetail(t, headers, orderId);
    const note = d.credit_notes[0].number;
    const mails = await refundMails(orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0].to_addrs).toEqual([`net${n - 1}@example.com`]);
    expect(mails[0].subject).toBe(`Your refund of ₹500.00 (order #${orderId})`);
    expect(mails[0].text_body).toContain("Refunded now: ₹500.00");
    expect(mails[0].text_body).toContain(`Credit note: ${note}`);
    expect(mails[0].text_body).toContain(`/account/invoices/${encodeURIComponent(note)}`);
    expect(mails[0].text_body).toContain("Your licence stays valid.");
    // The admin's order page lists it with the order's other mails.
    expect(d.mails.map((m) => m.kind)).toEqual(["receipt", "refund"]);
  });

  it("mails once when the sweep records it, and the late webhook adds no second mail", async () => {
    const orderId = await paidOrder();
    const { refund, webhook } = await pendingRefund(orderId, 1499);
    await ageRefund(t, refund.id, 11);
    expect(await t.services.store.refundSweep.sweepPending()).toMatchObject({ processed: 1 });
    await deliver(webhook);
    const mails = await refundMails(orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0].text_body).toContain("Refunded in all: ₹1,499.00 of ₹1,499.00");
    expect(mails[0].text_body).toContain("The licence of this order is revoked.");
  });

  it("comes off the overview's revenue of the day it was processed, shown as that period's refunds; the account shows it", async () => {
    const before = await overview();
    const orderId = await paidOrder();
    const paid = await overview();
    expect(paid.revenue).toBeCloseTo(before.revenue + 1499, 2);
    const { webhook } = await pendingRefund(orderId, 250.5);
    await deliver(webhook);
    const after = await overview();
    expect(after.refunds).toBeCloseTo(paid.refunds + 250.5, 2);
    expect(after.revenue).toBeCloseTo(paid.revenue - 250.5, 2);
    // Every figure of the period agrees: the days' and the product's net revenue add up to the total.
    const days = after.revenueByDate.reduce((sum, d) => sum + d.revenue, 0);
    expect(days).toBeCloseTo(after.revenue, 2);
    expect(after.revenueByDate.reduce((sum, d) => sum + d.refunds, 0)).toBeCloseTo(after.refunds, 2);
    expect(after.byProduct).toEqual([
      expect.objectContaining({ product_id: "net-tool", revenue: after.revenue, refunds: after.refunds, orders: 3 }),
    ]);
    // All the refunds of this file: 500 + 1499 + 250.50, against three sales of 1499.
    expect(after.refunds).toBeCloseTo(2249.5, 2);
    expect(after.revenue).toBeCloseTo(3 * 1499 - 2249.5, 2);

    const [customer] = await queryRows<{ id: string; email: string; name: string }>(
      t.database.db,
      sql`select c.id, c.email, c.name from customers c join orders o on o.customer_id = c.id where o.id = ${orderId}`,
    );
    const account = await t.services.customerAccount.read({ id: Number(customer.id), email: customer.email, name: customer.name } as never);
    expect(account.orders[0]).toMatchObject({ order_id: orderId, total: 1499, refunded: 250.5 });
  });
});
