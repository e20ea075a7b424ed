import { and, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import { coupons, orders, paymentWebhookEvents } from "../../platform/db/schema";
import { hmacHex, signatureMatches } from "../../integrations/payments/signature";
import { ConflictError, InvalidInputError } from "../../platform/errors";
import type { StoreContext } from "./context";
import { fulfil } from "./fulfilment";
import type { Db } from "../../platform/db/client";
import { recordRefund } from "./refunds";

const Entity = <T extends z.ZodRawShape>(shape: T) => z.object({ entity: z.object(shape) });
const PaymentEntity = Entity({
  id: z.string().max(64),
  order_id: z.string().max(64).nullish(),
  amount: z.number().int(),
  currency: z.string().max(8),
});
/** Razorpay's event envelope, only the parts we act on. */
const EventSchema = z.object({
  event: z.string().max(64),
  payload: z
    .object({
      payment: PaymentEntity.optional(),
      order: Entity({ id: z.string().max(64), amount: z.number().int(), currency: z.string().max(8) }).optional(),
      refund: Entity({
        id: z.string().max(64),
        payment_id: z.string().max(64),
        amount: z.number().int(),
        currency: z.string().max(8),
        // Razorpay sends `[]` for a refund without notes, an object otherwise.
        notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
      }).optional(),
    })
    .default({}),
});
type Event = z.infer<typeof EventSchema>;

const events = paymentWebhookEvents;

/** The order `which` picks, locked until the transaction ends. */
const lockOrderWhere = async (tx: Db, which: SQL) =>
  (
    await tx
      .select({ id: orders.id, amountPaidMinor: orders.amountPaidMinor, currency: orders.currency, status: orders.status })
      .from(orders)
      .where(which)
      .for("update")
  )[0];
type OrderRow = NonNullable<Awaited<ReturnType<typeof lockOrderWhere>>>;

/**
 * POST /api/payments/razorpay/webhook. The signature is checked over the raw body before anything
 * is parsed; the event id is recorded in the same transaction as its effect, so a retried or
 * duplicated event changes nothing, and a failed one (rolled back) can be retried.
 */
export function createWebhook(ctx: StoreContext) {
  const { db } = ctx;
  const invalid = (message: string) => new InvalidInputError(message);

  async function orderByProviderId(tx: Db, providerOrderId: string | null | undefined): Promise<OrderRow | undefined> {
    if (!providerOrderId) return undefined;
    return lockOrderWhere(tx, eq(orders.providerOrderId, providerOrderId));
  }

  async function paid(tx: Db, event: Event, secret: string): Promise<number | null> {
    const payment = event.payload.payment?.entity;
    const providerOrderId = event.payload.order?.entity.id ?? payment?.order_id;
    if (!payment) throw invalid("The event carries no payment.");
    const order = await orderByProviderId(tx, providerOrderId);
    if (!order) {
      ctx.log({ level: "warn", msg: "payment webhook for an unknown order", event: event.event });
      return null;
    }
    // A payment that does not match what we asked for fulfils nothing.
    if (payment.amount !== order.amountPaidMinor || payment.currency !== order.currency)
      throw invalid("The payment's amount or currency does not match the order.");
    try {
      await fulfil(ctx, tx, order.id, payment.id, secret);
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
      // Money arrived for an order that expired or failed: acknowledged (Razorpay would retry for days), flagged for a refund.
      ctx.log({ level: "warn", msg: "payment captured for a closed order; refund it", orderId: order.id });
    }
    return order.id;
  }

  async function failed(tx: Db, event: Event): Promise<number | null> {
    const order = await orderByProviderId(tx, event.payload.payment?.entity.order_id);
    if (!order) return null;
    const rows = await tx
      .update(orders)
      .set({ status: "failed", failureReason: "payment_failed" })
      .where(and(eq(orders.id, order.id), eq(orders.status, "pending")))
      .returning({ id: orders.id });
    if (rows.length) await tx.update(coupons).set({ reservedOrderId: null }).where(eq(coupons.reservedOrderId, order.id));
    return order.id;
  }

  async function refunded(tx: Db, event: Event): Promise<number | null> {
    const refund = event.payload.refund?.entity;
    if (!refund) throw invalid("The event carries no refund.");
    const order = await lockOrderWhere(tx, eq(orders.paymentId, refund.payment_id));
    if (!order) {
      // Not a payment of ours (another shop on the same account): acknowledged, so Razorpay stops retrying.
      ctx.log({ level: "warn", msg: "refund webhook for an unknown payment; ignored", event: event.event });
      return null;
    }
    if (refund.currency !== order.currency) throw invalid("The refund's currency does not match the order.");
    if (refund.amount <= 0) throw invalid("A refund's amount must be positive.");
    const notes = refund.notes && !Array.isArray(refund.notes) ? refund.notes : {};
    const own = Number(notes.refund_id);
    // Refunds add up per order: partial ones (a goodwill gesture) keep the licence until their sum
    // reaches what was paid; then the order is refunded and its licence revoked. Each one processed
    // issues its credit note in this transaction (./refunds.ts).
    const result = await recordRefund(tx, {
      orderId: order.id,
      amountPaidMinor: order.amountPaidMinor,
      providerRefundId: refund.id,
      amountMinor: refund.amount,
      ownRefundId: Number.isSafeInteger(own) && own > 0 ? own : null,
      config: ctx.config,
      at: ctx.now(),
    });
    if (result.added && !result.orderRefunded) ctx.log({ level: "info", msg: "partial refund recorded", orderId: order.id });
    return order.id;
  }

  return {
    async handle(rawBody: string, signature: string | undefined, eventId: string | undefined): Promise<void> {
      const expected = hmacHex(await ctx.provider.webhookSecret(), rawBody);
      if (!signatureMatches(expected, signature)) throw invalid("The webhook signature does not match.");
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        throw invalid("The webhook body is not valid JSON.");
      }
      const result = EventSchema.safeParse(parsed);
      if (!result.success) throw invalid("The webhook body is not a Razorpay event.");
      const event = result.data;
      const id = eventId?.slice(0, 100);
      // Read before the transaction (see fulfil): on PGlite a first read inside it would deadlock.
      const secret = await ctx.secrets.licenceSecret();
      await db.transaction(async (tx) => {
        if (id) {
          const fresh = await tx
            .insert(events)
            .values({ eventId: id, event: event.event })
            .onConflictDoNothing({ target: events.eventId })
            .returning({ eventId: events.eventId });
          if (fresh.length === 0) return; // seen before: already handled
        }
        let orderId: number | null = null;
        if (event.event === "payment.captured" || event.event === "order.paid") orderId = await paid(tx, event, secret);
        else if (event.event === "payment.failed") orderId = await failed(tx, event);
        else if (event.event === "refund.processed") orderId = await refunded(tx, event);
        if (id && orderId) await tx.update(events).set({ orderId }).where(eq(events.eventId, id));
      });
    },
  };
}
