import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buy, PAY_SECRET } from "../../../tests/helpers/account-fixtures";
import { mailTextParts } from "../../../tests/helpers/mail-text";
import { header, startSmtpRelay, waitFor, type SmtpRelay } from "../../../tests/helpers/smtp-relay";
import { addSaleVersion } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { queryRows } from "../../platform/db/query-rows";
import { mailOutbox } from "../../platform/db/schema";
import { startMailSender, type MailSender } from "../mail/mail-sender";

// The receipt carries the licence key and the order's access token (which opens the receipt page,
// showing the key). Both are mail secrets: the buyer gets them through a real SMTP relay, while no
// admin read of the Outbox shows them, the row keeps neither once sent, and every Resend (the
// Outbox's, the order page's) delivers them again, read from the licence.
let t: TestApp;
let relay: SmtpRelay;
let sender: MailSender;
let admin: Record<string, string>;
const ORIGIN = "https://shop.example.test";

beforeAll(async () => {
  relay = await startSmtpRelay();
  t = await createTestApp({
    config: { MAIL_FROM: "no-reply@example.test", PUBLIC_ORIGIN: ORIGIN, publicOrigin: ORIGIN, PAYMENT_TEST_SECRET: PAY_SECRET },
  });
  admin = (await t.loginAsAdmin()).headers;
  await addSaleVersion(t, "acct-tool", "1.0", { machineLimit: 2 });
  sender = startMailSender({ db: t.database.db, config: { ...t.config, SMTP_URL: relay.url }, now: () => new Date() }, { pollMs: 50 });
});
afterAll(async () => {
  await sender.stop();
  await t.close();
  await relay.stop();
});

const rowOf = async (id: number) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
const newest = async (kind: string, to: string) =>
  (
    await t.database.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.kind} = ${kind} and ${to} = any(${mailOutbox.toAddrs})`)
      .orderBy(desc(mailOutbox.id))
      .limit(1)
  )[0];
const sent = (id: number) => waitFor(async () => (await rowOf(id)).status === "sent", 10_000, "sent");

/** The decoded text of every delivery of this Message-ID, oldest first. */
const deliveries = (messageId: string) =>
  relay.received
    .filter((m) => header(m.raw, "message-id") === messageId)
    .map((m) =>
      mailTextParts(m.raw)
        .map((p) => p.text)
        .join("\n"),
    );

/** Everything an admin can read about the mail: the list, the API preview, the preview route's service call. */
async function adminViews(id: number): Promise<string> {
  const list = await (await t.request("/api/admin/outbox?pageSize=100", { headers: admin })).text();
  const api = await t.request(`/api/admin/outbox/${id}`, { headers: admin });
  expect(api.status).toBe(200);
  return `${list}\n${await api.text()}\n${JSON.stringify(await t.services.outbox.preview(id))}`;
}

/** The token of the receipt link in a delivered mail; it must open the order as its buyer sees it. */
async function receiptToken(text: string, orderId: number): Promise<string> {
  const match = new RegExp(`${ORIGIN}/checkout/receipt/${orderId}\\?token=([A-Za-z0-9_-]{43})`).exec(text);
  expect(match, "a receipt link with a real token").not.toBeNull();
  const token = match![1];
  const view = await t.request(`/api/checkout/orders/${orderId}?token=${token}`);
  expect(view.status).toBe(200);
  return token;
}

describe("the licence key in the receipt mail", () => {
  it("is delivered to the buyer, never shown to an admin, gone from the row once sent, and sent again by the Outbox's Resend", async () => {
    const email = "receipt.secret@example.com";
    const { key, orderId } = await buy(t, email);
    const row = await newest("receipt", email);
    await sent(row.id);

    const [first] = deliveries(row.messageId);
    expect(first).toContain(key);
    const token = await receiptToken(first, orderId);
    expect(first).toContain(`/account/invoices/`);
    expect(first).not.toContain("[hidden]");

    const views = await adminViews(row.id);
    expect(views).not.toContain(key);
    expect(views).not.toContain(token);
    const preview = (await (await t.request(`/api/admin/outbox/${row.id}`, { headers: admin })).json()) as { text: string; html: string };
    expect(preview.text).toContain("    [hidden]");
    expect(preview.text).toContain(`${ORIGIN}/checkout/receipt/${orderId}?token=[hidden]`);
    expect(preview.html).toContain("[hidden]");
    const stored = await rowOf(row.id);
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.secrets).toBeNull();

    const resent = await t.request(`/api/admin/outbox/${row.id}/resend`, { method: "POST", headers: admin });
    expect(resent.status).toBe(200);
    expect(await resent.text()).not.toContain(key);
    await waitFor(() => deliveries(row.messageId).length === 2, 10_000, "the resent mail");
    await sent(row.id);
    const second = deliveries(row.messageId)[1];
    expect(second).toContain(key);
    expect(await receiptToken(second, orderId)).toBe(token);
    expect((await rowOf(row.id)).secrets).toBeNull();
    expect(await adminViews(row.id)).not.toContain(key);
  });

  it("the order page's Resend receipt queues a mail with the key hidden, delivered whole", async () => {
    const email = "receipt.desk@example.com";
    const { key, orderId } = await buy(t, email);
    await sent((await newest("receipt", email)).id);
    expect((await t.request(`/api/admin/orders/${orderId}/receipt`, { method: "POST", headers: admin })).status).toBe(202);
    const again = await newest("receipt", email);
    expect(JSON.stringify(again)).not.toContain(key);
    await sent(again.id);
    const [delivered] = deliveries(again.messageId);
    expect(delivered).toContain(key);
    await receiptToken(delivered, orderId);
    expect(await adminViews(again.id)).not.toContain(key);
  });

  it("Resend of a revoked licence's receipt is refused; of a replaced key's mail, the current key is delivered", async () => {
    const email = "receipt.revoked@example.com";
    const { key, orderId } = await buy(t, email);
    const row = await newest("receipt", email);
    await sent(row.id);
    const [licence] = await queryRows<{ id: string }>(t.database.db, sql`select id from licences where order_id = ${orderId}`);
    const licenceId = Number(licence.id);

    // The customer replaces the key: the new key's mail, sent, then sent again from the Outbox.
    const [customer] = await queryRows<{ id: string }>(t.database.db, sql`select customer_id as id from orders where id = ${orderId}`);
    const fresh = await t.services.customerAccount.rotate({ id: Number(customer.id), email, name: "Asha" }, licenceId);
    expect(fresh).not.toBe(key);
    const replaced = await newest("licence-key-replaced", email);
    await sent(replaced.id);
    expect(deliveries(replaced.messageId)[0]).toContain(fresh);
    expect(await adminViews(replaced.id)).not.toContain(fresh);
    expect((await t.request(`/api/admin/outbox/${replaced.id}/resend`, { method: "POST", headers: admin })).status).toBe(200);
    await waitFor(() => deliveries(replaced.messageId).length === 2, 10_000, "the resent key mail");
    expect(deliveries(replaced.messageId)[1]).toContain(fresh);

    // The receipt sent again now carries the key the licence has now, not the replaced one.
    expect((await t.request(`/api/admin/outbox/${row.id}/resend`, { method: "POST", headers: admin })).status).toBe(200);
    await waitFor(() => deliveries(row.messageId).length === 2, 10_000, "the resent receipt");
    expect(deliveries(row.messageId)[1]).toContain(fresh);
    expect(deliveries(row.messageId)[1]).not.toContain(key);
    await sent(row.id);

    const revoke = await t.request(`/api/admin/licences/${licenceId}/revoke`, {
      method: "POST",
      headers: admin,
      json: { reason: "chargeback" },
    });
    expect(revoke.status).toBe(200);
    const refused = await t.request(`/api/admin/outbox/${row.id}/resend`, { method: "POST", headers: admin });
    expect(refused.status).toBe(409);
    expect((await rowOf(row.id)).status).toBe("sent");
  });
});
