import { sql } from "drizzle-orm";
import { CreatedOrderSchema } from "../../contract/store";
import { checkoutSignature, hmacHex } from "../../server/integrations/payments/signature";
import type { TestApp } from "./test-app";

/** A product version for sale, written straight to the database (each test file uses its own product ids). */
export async function addSaleVersion(
  t: Pick<TestApp, "database">,
  productId: string,
  version = "1.0",
  opts: { amountMinor?: number; machineLimit?: number; termMonths?: number; forSale?: boolean; archived?: boolean } = {},
): Promise<number> {
  const db = t.database.db;
  await db.execute(sql`insert into products (id, name) values (${productId}, ${`${productId} Tool`}) on conflict (id) do nothing`);
  const rows = await db.execute<{
    id: number;
  }>(sql`insert into product_versions (product_id, version, os, features, external, python, amount_minor,
      for_sale, machine_limit, licence_term_months, archived_at)
    values (${productId}, ${version}, array['linux', 'mac'], array['Scan'], '[]'::jsonb, '[]'::jsonb, ${opts.amountMinor ?? 149_900},
      ${opts.forSale ?? true}, ${opts.machineLimit ?? 3}, ${opts.termMonths ?? 12}, ${opts.archived ? new Date().toISOString() : null})
    returning id`);
  return Number(rows.rows[0].id);
}

/** Coupons for a version; `extra` sets expiry or void. */
export async function addCoupons(
  t: Pick<TestApp, "database">,
  versionId: number,
  codes: string[],
  percent = 20,
  extra: { expiresAt?: Date; voided?: boolean } = {},
): Promise<void> {
  for (const code of codes) {
    await t.database.db.execute(sql`insert into coupons (code, product_version_id, discount_percent, expires_at, voided_at)
      values (${code}, ${versionId}, ${percent}, ${extra.expiresAt?.toISOString() ?? null}, ${extra.voided ? new Date().toISOString() : null})`);
  }
}

/** A Razorpay-shaped event signed with `secret`, ready to post to the webhook. */
export function signedEvent(secret: string, event: string, payload: Record<string, unknown>, eventId?: string) {
  const body = JSON.stringify({ entity: "event", account_id: "acc_Test", event, contains: Object.keys(payload), payload, created_at: 1 });
  const headers: Record<string, string> = { "content-type": "application/json", "x-razorpay-signature": hmacHex(secret, body) };
  if (eventId) headers["x-razorpay-event-id"] = eventId;
  return { body, headers };
}

export const paymentEntity = (id: string, orderId: string, amount: number, currency = "INR") => ({
  payment: { entity: { id, entity: "payment", amount, currency, status: "captured", order_id: orderId } },
});

/**
 * Places an order through the checkout API and pays it through the confirm call with a signature
 * made with the test provider's `secret`, as the test sandbox does; answers the order id.
 */
export async function buyAndPay(
  app: TestApp,
  secret: string,
  order: { product_id: string; version: string; email: string; name: string; billing?: Record<string, string> },
  { ip, paymentId }: { ip: string; paymentId: string },
): Promise<number> {
  const res = await app.request("/api/checkout/orders", { method: "POST", json: order, ip });
  if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${await res.text()}`);
  const o = CreatedOrderSchema.parse(await res.json());
  const paid = await app.request(`/api/checkout/orders/${o.order_id}/confirm`, {
    method: "POST",
    json: {
      razorpay_order_id: o.payment.provider_order_id,
      razorpay_payment_id: paymentId,
      razorpay_signature: checkoutSignature(secret, o.payment.provider_order_id, paymentId),
    },
  });
  if (paid.status !== 200) throw new Error(`confirm failed: ${paid.status} ${await paid.text()}`);
  return o.order_id;
}
