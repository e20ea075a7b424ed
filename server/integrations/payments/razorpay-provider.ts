import Razorpay from "razorpay";
import type { PaymentProvider } from "./provider";

export type RazorpayCredentials = { keyId: string; keySecret: string; webhookSecret: string };

/** Thrown when Razorpay refuses or cannot be reached; the message carries no secret. */
export class PaymentProviderError extends Error {}

/** The SDK rejects with { statusCode, error: { code, description } } (or a network error); no secret is repeated. */
function refused(what: string, err: unknown): PaymentProviderError {
  if (err instanceof PaymentProviderError) return err;
  const e = err as { statusCode?: number; error?: { code?: string; description?: string }; message?: string };
  const detail = e.error?.code ? `${e.statusCode ?? ""} ${e.error.code}` : (e.message ?? "no answer").slice(0, 100);
  return new PaymentProviderError(`Razorpay refused the ${what} (${detail.trim()}).`);
}

/**
 * Razorpay through its official SDK (Orders and Refunds APIs). Amounts are integer paise and `receipt` is our
 * order id, so Razorpay's dashboard and our admin point at the same order.
 */
export function createRazorpayProvider(credentials: RazorpayCredentials): PaymentProvider {
  const client = new Razorpay({ key_id: credentials.keyId, key_secret: credentials.keySecret });
  return {
    name: "razorpay",
    keyId: credentials.keyId,
    async createOrder(input) {
      try {
        const order = await client.orders.create({
          amount: input.amountMinor,
          currency: input.currency,
          receipt: input.receipt,
          notes: input.notes,
        });
        if (typeof order?.id !== "string" || !order.id.startsWith("order_"))
          throw new PaymentProviderError("Razorpay answered without an order id.");
        if (Number(order.amount) !== input.amountMinor || order.currency !== input.currency)
          throw new PaymentProviderError("Razorpay's order does not match the amount asked for.");
        return { providerOrderId: order.id };
      } catch (err) {
        throw refused("order", err);
      }
    },
    async refund(input) {
      try {
        // Razorpay's Refunds API; `notes.refund_id` comes back in the refund's webhook.
        const refund = await client.payments.refund(input.paymentId, {
          amount: input.amountMinor,
          speed: "normal",
          notes: { refund_id: String(input.refundId) },
          receipt: `refund-${input.refundId}`,
        });
        if (typeof refund?.id !== "string" || !refund.id.startsWith("rfnd_"))
          throw new PaymentProviderError("Razorpay answered without a refund id.");
        if (Number(refund.amount) !== input.amountMinor)
          throw new PaymentProviderError("Razorpay's refund does not match the amount asked for.");
        const status = refund.status === "processed" || refund.status === "failed" ? refund.status : "pending";
        return { providerRefundId: refund.id, status, amountMinor: Number(refund.amount) };
      } catch (err) {
        throw refused("refund", err);
      }
    },
    keySecret: async () => credentials.keySecret,
    webhookSecret: async () => credentials.webhookSecret,
  };
}
