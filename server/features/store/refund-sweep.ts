import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { ProviderRefund } from "../../integrations/payments/provider";
import { describeErrorForLog } from "../../platform/log";
import { orders, refunds } from "../../platform/db/schema";
import type { Audit } from "../audit";
import type { Db } from "../../platform/db/client";
import type { StoreContext } from "./context";
import { applyProviderAnswer, lockOrder, markRefundFailed } from "./refund-settle";

const BATCH = 50;
const MINUTE_MS = 60_000;

type Claimed = Awaited<ReturnType<typeof claimDue>>[number];
export type SweepCounts = { processed: number; failed: number; pending: number; errors: number };

/**
 * Claims up to BATCH refunds pending since `due` and not asked about since then, in one statement: rows
 * another sweep is claiming are skipped; the claim stamps `checked_at` = `at`.
 */
async function claimDue(db: Db, at: Date, due: Date) {
  const claimable = db.$with("due").as(
    db
      .select({ id: refunds.id, paymentId: orders.paymentId })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(and(eq(refunds.status, "pending"), lte(refunds.createdAt, due), or(isNull(refunds.checkedAt), lte(refunds.checkedAt, due))))
      .orderBy(sql`${refunds.checkedAt} nulls first`, refunds.createdAt)
      .limit(BATCH)
      .for("update", { of: refunds, skipLocked: true }),
  );
  return db
    .with(claimable)
    .update(refunds)
    .set({ checkedAt: at })
    .from(claimable)
    .where(eq(refunds.id, claimable.id))
    .returning({ id: refunds.id, orderId: refunds.orderId, providerRefundId: refunds.providerRefundId, paymentId: claimable.paymentId });
}

/**
 * Refunds still `pending` REFUND_CHECK_AFTER_MINUTES after they were asked for: their
 * `refund.processed` webhook was lost (or the secret is wrong, or the provider was down), so the
 * provider is asked, and its word applied as the admin's request applies it (./refund-settle.ts):
 * processed is recorded with its credit note, failed frees the amount, pending is asked again later.
 *
 * Several processes may sweep at once: a refund is claimed by a conditional update of its
 * `checked_at` (rows another sweep is claiming are skipped, FOR UPDATE SKIP LOCKED), which is also
 * when it may be asked again. No lock is held while the provider answers; the answer is applied with
 * the order row locked, like the webhook's, so a webhook arriving meanwhile records the refund once.
 */
export function createRefundSweep(ctx: StoreContext & { audit?: Audit }) {
  const { db } = ctx;

  async function claim(): Promise<Claimed[]> {
    const at = ctx.now();
    return claimDue(db, at, new Date(at.getTime() - ctx.config.REFUND_CHECK_AFTER_MINUTES * MINUTE_MS));
  }

  /** The provider's answer applied; null when the refund was settled meanwhile (the webhook came). */
  const apply = (row: Claimed, answer: ProviderRefund | null) =>
    db.transaction(async (tx) => {
      const order = await lockOrder(tx, row.orderId);
      const [current] = await tx.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, row.id));
      if (!order || current?.status !== "pending") return null;
      // Not known to the provider although we stored its id: leave it to a person (logged by the caller).
      if (!answer && row.providerRefundId) return "unknown" as const;
      // Never stored an id and the provider has none with our id in its notes: it never took the refund.
      const failed = answer ? (await applyProviderAnswer(ctx, tx, order, row.id, answer)).failed : await markRefundFailed(tx, row.id);
      if (failed)
        await ctx.audit?.record(
          {
            action: "order.refund_failed",
            entity: "order",
            entityId: order.id,
            detail: { refund_id: row.id, provider_refund_id: answer?.providerRefundId ?? null, by: "refund sweep" },
          },
          tx,
        );
      return failed ? ("failed" as const) : (answer?.status ?? "pending");
    });

  async function check(row: Claimed, counts: SweepCounts): Promise<void> {
    const refundId = row.id;
    const orderId = row.orderId;
    if (!row.paymentId) return;
    let answer: ProviderRefund | null;
    try {
      answer = await ctx.provider.refundStatus({ paymentId: row.paymentId, providerRefundId: row.providerRefundId, refundId });
    } catch (err) {
      counts.errors++;
      ctx.log({
        level: "warn",
        msg: "refund sweep: the payment provider did not answer; asked again later",
        orderId,
        refundId,
        error: (err as Error).message,
      });
      return;
    }
    let outcome: Awaited<ReturnType<typeof apply>>;
    try {
      outcome = await apply(row, answer);
    } catch (err) {
      // One refund the database would not settle (rolled back) does not hold up the others of the round.
      counts.errors++;
      ctx.log({
        level: "error",
        msg: "refund sweep: could not apply the provider's answer",
        orderId,
        refundId,
        ...describeErrorForLog(err),
      });
      return;
    }
    if (outcome === "processed") counts.processed++;
    else if (outcome === "failed") {
      counts.failed++;
      ctx.log({
        level: "warn",
        msg: "refund sweep: the payment provider did not take the refund; its amount is free again",
        orderId,
        refundId,
      });
    } else if (outcome === "pending") counts.pending++;
    else if (outcome === "unknown")
      ctx.log({ level: "warn", msg: "refund sweep: the payment provider knows no such refund; left pending", orderId, refundId });
  }

  return {
    /** One round: every due refund (one batch) asked about once. Returns what became of them. */
    async sweepPending(): Promise<SweepCounts> {
      const counts: SweepCounts = { processed: 0, failed: 0, pending: 0, errors: 0 };
      for (const row of await claim()) await check(row, counts);
      return counts;
    },
  };
}

export type RefundSweep = ReturnType<typeof createRefundSweep>;
