import { sql } from "drizzle-orm";
import type { ProviderRefund } from "../../integrations/payments/provider";
import { queryRows } from "../../platform/db/query-rows";
import { describeErrorForLog } from "../../platform/log";
import { orders, refunds } from "../../platform/db/schema";
import { bare } from "../../platform/db/sql-names";
import type { Audit } from "../audit";
import type { StoreContext } from "./context";
import { applyProviderAnswer, lockOrder, markRefundFailed } from "./refund-settle";

const BATCH = 50;
const MINUTE_MS = 60_000;

type Claimed = { id: string; order_id: string; provider_refund_id: string | null; payment_id: string | null };
export type SweepCounts = { processed: number; failed: number; pending: number; errors: number };

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
    const due = new Date(at.getTime() - ctx.config.REFUND_CHECK_AFTER_MINUTES * MINUTE_MS).toISOString();
    return queryRows<Claimed>(
      db,
      sql`with due as (
          select ${refunds.id} from ${refunds}
          where ${refunds.status} = 'pending' and ${refunds.createdAt} <= ${due}
            and (${refunds.checkedAt} is null or ${refunds.checkedAt} <= ${due})
          order by ${refunds.checkedAt} nulls first, ${refunds.createdAt} limit ${BATCH} for update skip locked)
        update ${refunds} set ${bare(refunds.checkedAt)} = ${at.toISOString()}
        from due, ${orders}
        where ${refunds.id} = due.${bare(refunds.id)} and ${orders.id} = ${refunds.orderId}
        returning ${refunds.id}, ${refunds.orderId}, ${refunds.providerRefundId}, ${orders.paymentId}`,
    );
  }

  /** The provider's answer applied; null when the refund was settled meanwhile (the webhook came). */
  const apply = (row: Claimed, answer: ProviderRefund | null) =>
    db.transaction(async (tx) => {
      const order = await lockOrder(tx, Number(row.order_id));
      const [current] = await queryRows<{ status: string }>(
        tx,
        sql`select ${refunds.status} from ${refunds} where ${refunds.id} = ${row.id}`,
      );
      if (!order || current?.status !== "pending") return null;
      // Not known to the provider although we stored its id: leave it to a person (logged by the caller).
      if (!answer && row.provider_refund_id) return "unknown" as const;
      // Never stored an id and the provider has none with our id in its notes: it never took the refund.
      const failed = answer
        ? (await applyProviderAnswer(ctx, tx, order, Number(row.id), answer)).failed
        : await markRefundFailed(tx, Number(row.id));
      if (failed)
        await ctx.audit?.record(
          {
            action: "order.refund_failed",
            entity: "order",
            entityId: Number(order.id),
            detail: { refund_id: Number(row.id), provider_refund_id: answer?.providerRefundId ?? null, by: "refund sweep" },
          },
          tx,
        );
      return failed ? ("failed" as const) : (answer?.status ?? "pending");
    });

  async function check(row: Claimed, counts: SweepCounts): Promise<void> {
    const refundId = Number(row.id);
    const orderId = Number(row.order_id);
    if (!row.payment_id) return;
    let answer: ProviderRefund | null;
    try {
      answer = await ctx.provider.refundStatus({ paymentId: row.payment_id, providerRefundId: row.provider_refund_id, refundId });
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
