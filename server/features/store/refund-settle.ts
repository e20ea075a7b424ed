import { and, eq, isNull } from "drizzle-orm";
import type { ProviderRefund } from "../../integrations/payments/provider";
import { orders, refunds } from "../../platform/db/schema";
import type { StoreContext } from "./context";
import type { Db } from "../../platform/db/client";
import { recordRefund } from "./refunds";

/** The order row, locked until the transaction ends: every change to an order's refunds holds it (decision 091). */
export const lockOrder = async (tx: Db, orderId: number) =>
  (
    await tx
      .select({ id: orders.id, status: orders.status, amountPaidMinor: orders.amountPaidMinor, paymentId: orders.paymentId })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update")
  )[0];

export type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

/** A pending refund the provider did not take: its amount is free again. False when it was no longer pending. */
export const markRefundFailed = async (tx: Db, refundId: number): Promise<boolean> =>
  (
    await tx
      .update(refunds)
      .set({ status: "failed" })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")))
      .returning({ id: refunds.id })
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
  await tx
    .update(refunds)
    .set({ providerRefundId: answer.providerRefundId })
    .where(and(eq(refunds.id, refundId), isNull(refunds.providerRefundId)));
  if (answer.status === "processed")
    await recordRefund(tx, {
      orderId: order.id,
      amountPaidMinor: order.amountPaidMinor,
      providerRefundId: answer.providerRefundId,
      amountMinor: answer.amountMinor,
      ownRefundId: refundId,
      config: ctx.config,
      at: ctx.now(),
    });
  return { failed: answer.status === "failed" && (await markRefundFailed(tx, refundId)) };
}
