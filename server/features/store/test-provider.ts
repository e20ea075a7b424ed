import { eq } from "drizzle-orm";
import type { ConfirmRequest } from "../../../contract/store";
import { orders } from "../../platform/db/schema";
import { checkoutSignature, hmacHex } from "../../integrations/payments/signature";
import { razorpayStyleId } from "../../integrations/payments/random-id";
import type { TestRefundBook } from "../../integrations/payments/test-provider";
import { backgroundDelivery, httpWebhookSender, type WebhookSender } from "../../integrations/payments/webhook-sender";
import { ConflictError, NotFoundError } from "../../platform/errors";
import type { StoreContext } from "./context";
import { tokenMatches } from "./order-token";

const rowColumns = {
  provider: orders.provider,
  providerOrderId: orders.providerOrderId,
  amountPaidMinor: orders.amountPaidMinor,
  currency: orders.currency,
  status: orders.status,
  customerEmail: orders.customerEmail,
  accessTokenHash: orders.accessTokenHash,
};
/** A pending order of the test provider: it always has the provider's order id. */
type Row = Pick<typeof orders.$inferSelect, keyof typeof rowColumns> & { providerOrderId: string };

/**
 * The sandbox behind /checkout/test-pay: it answers as Razorpay's Standard Checkout does and sends
 * Razorpay-shaped webhooks, signed with PAYMENT_TEST_SECRET, to this server's own webhook endpoint.
 */
export function createTestProviderSandbox(ctx: StoreContext, refunds: TestRefundBook) {
  const { db, config } = ctx;
  const host = ["0.0.0.0", "::", ""].includes(config.HOST) ? "127.0.0.1" : config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST;
  let sender: WebhookSender = httpWebhookSender(`http://${host}:${config.PORT}/api/payments/razorpay/webhook`);
  const delivery = backgroundDelivery(
    () => sender,
    (reason) => ctx.log({ level: "warn", msg: "test provider webhook not delivered", reason }),
  );

  async function pendingOrder(orderId: number, token: string): Promise<Row> {
    if (ctx.provider.name !== "test") throw new NotFoundError("The test payment sandbox is off (PAYMENT_PROVIDER is not test).");
    const row = Number.isSafeInteger(orderId) ? (await db.select(rowColumns).from(orders).where(eq(orders.id, orderId)))[0] : undefined;
    if (!row || !tokenMatches(row.accessTokenHash, token) || row.provider !== "test") throw new NotFoundError("There is no such order.");
    if (row.status !== "pending") throw new ConflictError("This order is not awaiting payment.");
    // A pending order has something to pay, so the provider has its order.
    if (!row.providerOrderId) throw new NotFoundError("There is no such order.");
    return { ...row, providerOrderId: row.providerOrderId };
  }

  async function send(event: string, entities: { payment?: Record<string, unknown>; refund?: Record<string, unknown> }): Promise<void> {
    const payload = Object.fromEntries(Object.entries(entities).map(([name, entity]) => [name, { entity }]));
    const body = JSON.stringify({
      entity: "event",
      account_id: "acc_TestSandbox0000",
      event,
      contains: Object.keys(payload),
      payload,
      created_at: Math.floor(ctx.now().getTime() / 1000),
    });
    const signature = hmacHex(await ctx.provider.webhookSecret(), body);
    delivery.deliver(body, { "x-razorpay-signature": signature, "x-razorpay-event-id": razorpayStyleId("evt_") });
  }

  const paymentEntity = (row: Row, id: string, status: string, extra: Record<string, unknown> = {}) => ({
    id,
    entity: "payment",
    amount: row.amountPaidMinor,
    currency: row.currency,
    status,
    order_id: row.providerOrderId,
    method: "card",
    captured: status === "captured",
    email: row.customerEmail,
    created_at: Math.floor(ctx.now().getTime() / 1000),
    ...extra,
  });

  return {
    /** "Pay": a payment id and its checkout signature, plus the payment.captured webhook sent in the background. */
    async pay(orderId: number, token: string, options: { webhook?: boolean } = {}): Promise<ConfirmRequest> {
      const row = await pendingOrder(orderId, token);
      const paymentId = razorpayStyleId("pay_");
      // seed:demo confirms directly and has no server to receive the webhook.
      if (options.webhook !== false) await send("payment.captured", { payment: paymentEntity(row, paymentId, "captured") });
      return {
        razorpay_order_id: row.providerOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: checkoutSignature(await ctx.provider.keySecret(), row.providerOrderId, paymentId),
      };
    },
    /** "Fail": the payment.failed webhook, sent in the background. */
    async fail(orderId: number, token: string): Promise<void> {
      const row = await pendingOrder(orderId, token);
      await send("payment.failed", {
        payment: paymentEntity(row, razorpayStyleId("pay_"), "failed", {
          error_code: "BAD_REQUEST_ERROR",
          error_description: "Payment failed (test mode)",
        }),
      });
    },
    /**
     * A refund the test provider recorded (pending): its `refund.processed` webhook, sent in the
     * background as Razorpay sends it once the money is on its way back, with our refund id in its notes.
     */
    async refundProcessed(refund: { providerRefundId: string; paymentId: string; amountMinor: number; refundId: number }): Promise<void> {
      await send("refund.processed", {
        refund: {
          id: refund.providerRefundId,
          entity: "refund",
          amount: refund.amountMinor,
          currency: "INR",
          payment_id: refund.paymentId,
          notes: { refund_id: String(refund.refundId) },
          receipt: `refund-${refund.refundId}`,
          status: "processed",
          speed_processed: "normal",
          created_at: Math.floor(ctx.now().getTime() / 1000),
        },
      });
    },
    /**
     * What the test provider answers about a refund it took, from now on (recorded processed when
     * taken): tests, or a developer trying the refund sweep's unhappy paths. False when it took no such refund.
     */
    setRefundStatus: (providerRefundId: string, status: "pending" | "processed" | "failed") => refunds.setStatus(providerRefundId, status),
    /** Tests without a socket deliver through app.request instead of HTTP. */
    useWebhookSender(next: WebhookSender): void {
      sender = next;
    },
    /** Resolves when every webhook sent so far has been delivered or given up. */
    settled: delivery.settled,
  };
}
