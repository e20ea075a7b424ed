import { sql } from "drizzle-orm";
import { AdminOrderDetailSchema, RefundStartedSchema } from "../../contract/admin-order-detail";
import { queryRows } from "../../server/platform/db/query-rows";
import type { TestApp } from "./test-app";

/** A buyer's GST billing details (another state than the supplier's: IGST), needed by a tax site's checkout. */
export const TEST_BILLING = { state_code: "27", gstin: "27AAPFU0939F1ZV", legal_name: "Pune Secure LLP", address: "2 FC Road, Pune" };

/** The admin's refund through POST /api/admin/orders/:id/refund; answers the refund as started. */
export async function startRefund(app: TestApp, headers: Record<string, string>, orderId: number, amount: number, key: string) {
  const res = await app.request(`/api/admin/orders/${orderId}/refund`, {
    method: "POST",
    json: { amount, reason: "Sweep test", revoke_licence: false },
    headers: { ...headers, "idempotency-key": key },
  });
  if (res.status !== 200) throw new Error(`refund failed: ${res.status} ${await res.text()}`);
  return RefundStartedSchema.parse(await res.json()).refund;
}

export async function orderDetail(app: TestApp, headers: Record<string, string>, orderId: number) {
  const res = await app.request(`/api/admin/orders/${orderId}`, { headers });
  if (res.status !== 200) throw new Error(`order detail failed: ${res.status}`);
  return AdminOrderDetailSchema.parse(await res.json());
}

/** Moves a refund's asking (and its last check) `minutes` into the past, as if that time had gone by. */
export const ageRefund = (app: TestApp, refundId: number, minutes: number) =>
  app.database.db.execute(
    sql`update refunds set created_at = created_at - make_interval(mins => ${minutes}),
      checked_at = checked_at - make_interval(mins => ${minutes}) where id = ${refundId}`,
  );

/** Every credit note's number in its year, in order: 1, 2, 3 … when none was skipped or taken twice. */
export const creditNoteSeqs = async (app: TestApp) =>
  (
    await queryRows<{ seq: number }>(app.database.db, sql`select seq from invoices where kind = 'credit_note' order by financial_year, seq`)
  ).map((r) => Number(r.seq));
