import { sql } from "drizzle-orm";
import type { ProviderRefund } from "../../integrations/payments/provider";
import { queryRows } from "../../platform/db/query-rows";
import { orders, refunds } from "../../platform/db/schema";
import { bare } from "../../platform/db/sql-names";
import type { StoreContext } from "./context";
import type { Db, Executor } from "../../platform/db/client";
import { recordRefund } from "./refunds";

export type LockedOrder = { id: string; status: string; amount_paid_minor: string; payment_id: string | null };

/** The order row, locked until the transaction ends: every change to an order's refunds holds it (decision 091). */
export const lockOrder = async (tx: Executor, orderId: number): Promise<LockedOrder | undefined> =>
  (
    await queryRows<LockedOrder>(
      tx,
      sql`select ${orders.id}, ${orders.status}, ${orders.amountPaidMinor}, ${orders.paymentId} from ${orders}
        where ${orders.id} = ${orderId} for update`,
    )
  )[0];

/** A pending refund the provider did not take: its amount is free again. False when it was no longer pending. */
export const markRefundFailed = async (tx: Executor, refundId: number): Promise<boolean> =>
  (
    await queryRows<{ id: string }>(
      tx,
      sql`update ${refunds} set ${bare(refunds.status)} = 'failed' where ${refunds.id} = ${refundId} and ${refunds.status} = 'pending'
        returning ${refunds.id}`,
    )
  ).length > 0;

/**
 * The provider's word on one of our refunds, applied in a transaction holding the order row
 * (`lockOrder`): its id stored, a processed refund recorded exactly as the webhook records it
 * (credit note, order refunded once the sum reaches what was paid), a failed one marked failed.
 * Called by the admin's refund (./refund-desk.ts) and by the sweep of refunds whose webhook never
 * came (./refund-sweep.ts). Returns whether a failed answer changed the row.
 */
export async function applyProviderAnswer(
  ctx: StoreContext,
  tx: Db,
  order: LockedOrder,
  refundId: number,
  answer: ProviderRefund,
): Promise<{ failed: boolean }> {
  await tx.execute(sql`update ${refunds} set ${bare(refunds.providerRefundId)} = ${answer.providerRefundId}
    where ${refunds.id} = ${refundId} and ${refunds.providerRefundId} is null`);
  if (answer.status === "processed")
    await recordRefund(tx, {
      orderId: Number(order.id),
      amountPaidMinor: Number(order.amount_paid_minor),
      providerRefundId: answer.providerRefundId,
      amountMinor: answer.amountMinor,
      ownRefundId: refundId,
      config: ctx.config,
      at: ctx.now(),
    });
  return { failed: answer.status === "failed" && (await markRefundFailed(tx, refundId)) };
}
