import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { RefundRequest, RefundStarted } from "../../../contract/admin-order-detail";
import { formatInrMinor, toMinor } from "../../../contract/money";
import { refunds } from "../../platform/db/schema";
import { ConflictError, InvalidInputError, NotFoundError, UnavailableError } from "../../platform/errors";
import type { ProviderRefund } from "../../integrations/payments/provider";
import { type Audit, recordOrderEvent } from "../audit";
import { PAID_STATUSES, rupees, type StoreContext } from "./context";
import { refundableMinor } from "./refunds";
import { applyProviderAnswer, lockOrder, markRefundFailed } from "./refund-settle";
import type { createTestProviderSandbox } from "./test-provider";

export type RefundActor = { adminId: number; clientIp: string };

const refundColumns = {
  id: refunds.id,
  amountMinor: refunds.amountMinor,
  status: refunds.status,
  providerRefundId: refunds.providerRefundId,
  idempotencyKey: refunds.idempotencyKey,
  requestHash: refunds.requestHash,
};
type RefundRow = Pick<typeof refunds.$inferSelect, keyof typeof refundColumns>;

/**
 * The request as one string whatever its spelling (key order, "1000" or 1000.00, "on" or true): the
 * validated input, amounts in paise, keys sorted. Its hash is kept with an Idempotency-Key, so the
 * key sent again with any other field changed (not only the amount) is a 409, never the old answer.
 */
export function refundRequestHash(input: RefundRequest): string {
  const canonical = { amount_minor: toMinor(input.amount), reason: input.reason, revoke_licence: input.revoke_licence };
  const sorted = Object.fromEntries(Object.entries(canonical).sort(([a], [b]) => a.localeCompare(b)));
  return createHash("sha256").update(JSON.stringify(sorted)).digest("hex");
}

/**
 * An admin's refund of a paid order, through the payment provider (Razorpay's Refunds API, or the test
 * provider, which then sends `refund.processed` as Razorpay would). Three steps, so no database lock is
 * held while the provider is asked:
 *
 * 1. With the order row locked: an Idempotency-Key seen before for this order answers that refund
 *    again (the provider is never asked twice); otherwise the amount is checked against what is left
 *    (processed and in-flight refunds both count, so two requests for the rest cannot both pass) and
 *    the refund is written `pending` with its audit row.
 * 2. The provider is asked, with our refund's id in its notes.
 * 3. With the order row locked again: the provider's id is stored; a refund it answers `processed` is
 *    recorded at once (credit note, order refunded when the sum reaches the total); a `pending` one
 *    waits for the webhook, which finds our row by that id or by the notes.
 */
export function createRefundDesk(ctx: StoreContext & { audit?: Audit }, sandbox: ReturnType<typeof createTestProviderSandbox>) {
  const { db } = ctx;

  const view = (row: RefundRow): RefundStarted["refund"] => ({
    id: row.id,
    amount: rupees(row.amountMinor),
    status: row.status,
    provider_refund_id: row.providerRefundId,
  });
  const answer = (row: RefundRow): RefundStarted => {
    const amount = formatInrMinor(row.amountMinor);
    const message =
      row.status === "processed"
        ? `${amount} is refunded and its credit note issued.`
        : row.status === "pending"
          ? `The refund of ${amount} is asked for; its credit note is issued when the payment provider confirms it.`
          : `The payment provider did not take the refund of ${amount}.`;
    return { status: "success", message, refund: view(row) };
  };
  const readRefund = async (id: number) => (await db.select(refundColumns).from(refunds).where(eq(refunds.id, id)))[0];

  /** Step 1: the refund held against what is left, or the one this key asked for before. */
  const hold = (orderId: number, input: RefundRequest, amountMinor: number, key: string | null, actor: RefundActor) =>
    db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order) throw new NotFoundError("There is no such order.");
      if (key) {
        const [seen] = await tx
          .select(refundColumns)
          .from(refunds)
          .where(and(eq(refunds.orderId, orderId), eq(refunds.idempotencyKey, key)));
        if (seen) {
          if (seen.amountMinor !== amountMinor)
            throw new ConflictError(`This Idempotency-Key was used for a refund of ${formatInrMinor(seen.amountMinor)}.`);
          // A row from before request hashes were kept is compared by its amount alone.
          if (seen.requestHash !== null && seen.requestHash !== refundRequestHash(input))
            throw new ConflictError("This Idempotency-Key was used for another refund request: send a new key for a new request.");
          return { row: seen, order, fresh: false };
        }
      }
      // A refunded order has nothing left: the same 400 as a second request for the rest, whichever
      // of the two is seen first (the webhook may have refunded the order in between).
      if (order.status === "refunded") {
        const field = "Nothing is left to refund: the order is refunded.";
        throw new InvalidInputError(field, { amount: field });
      }
      if (!(PAID_STATUSES as readonly string[]).includes(order.status))
        throw new ConflictError("This order is not paid: nothing to refund.");
      if (!order.paymentId) throw new ConflictError("Nothing was paid for this order (a free order): nothing to refund.");
      const left = await refundableMinor(tx, orderId, order.amountPaidMinor);
      if (amountMinor > left) {
        const field = left > 0 ? `At most ${formatInrMinor(left)} is left to refund.` : "Nothing is left to refund.";
        throw new InvalidInputError(field, { amount: field });
      }
      const [row] = await tx
        .insert(refunds)
        .values({
          orderId,
          amountMinor,
          status: "pending",
          reason: input.reason,
          idempotencyKey: key,
          requestHash: key ? refundRequestHash(input) : null,
          revokeLicence: input.revoke_licence,
        })
        .returning(refundColumns);
      await ctx.audit?.record(
        {
          ...actor,
          action: "order.refund",
          entity: "order",
          entityId: orderId,
          detail: { refund_id: row.id, amount: rupees(amountMinor), reason: input.reason, revoke_licence: input.revoke_licence },
        },
        tx,
      );
      await recordOrderEvent(tx, {
        orderId,
        kind: "refund_asked",
        actor: "admin",
        adminId: actor.adminId,
        detail: `${formatInrMinor(amountMinor)}: ${input.reason}`,
        at: ctx.now(),
      });
      return { row, order, fresh: true };
    });

  /** Step 3: the provider's answer stored, and a processed refund recorded (credit note included). */
  const settle = (orderId: number, refundId: number, provided: ProviderRefund) =>
    db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (order) await applyProviderAnswer(ctx, tx, order, refundId, provided);
    });

  return {
    /** POST /api/admin/orders/:id/refund and the order page's Refund form. */
    async refund(orderId: number, input: RefundRequest, idempotencyKey: string | null, actor: RefundActor): Promise<RefundStarted> {
      const amountMinor = toMinor(input.amount);
      const held = await hold(orderId, input, amountMinor, idempotencyKey, actor);
      if (!held.fresh) {
        if (held.row.status === "failed")
          throw new ConflictError(
            "The payment provider did not take the refund asked for with this key; check the order, then start a new one.",
          );
        return answer(held.row);
      }
      const refundId = held.row.id;
      let provided: ProviderRefund;
      try {
        provided = await ctx.provider.refund({ paymentId: held.order.paymentId as string, amountMinor, refundId });
      } catch (err) {
        // The amount is released; should the provider have refunded after all, its webhook finds this
        // row by the id in its notes and records it as processed.
        await markRefundFailed(db, refundId);
        ctx.log({ level: "warn", msg: "refund refused by the payment provider", orderId, refundId, error: (err as Error).message });
        throw new UnavailableError("The payment provider did not take the refund. Nothing was refunded; try again in a minute.");
      }
      await settle(orderId, refundId, provided);
      // Read before the test provider's webhook is sent, so the answer does not race its delivery.
      const done = answer(await readRefund(refundId));
      if (ctx.provider.name === "test" && provided.status === "pending")
        await sandbox.refundProcessed({
          providerRefundId: provided.providerRefundId,
          paymentId: held.order.paymentId as string,
          amountMinor,
          refundId,
        });
      return done;
    },
  };
}

export type RefundDesk = ReturnType<typeof createRefundDesk>;
