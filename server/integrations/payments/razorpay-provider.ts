import Razorpay from "razorpay";
import type { PaymentProvider, ProviderRefund } from "./provider";

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

type RazorpayRefund = { id?: unknown; amount?: unknown; status?: unknown };

function refundAnswer(refund: RazorpayRefund): ProviderRefund {
  if (typeof refund?.id !== "string" || !refund.id.startsWith("rfnd_"))
    throw new PaymentProviderError("Razorpay answered without a refund id.");
  const status = refund.status === "processed" || refund.status === "failed" ? refund.status : "pending";
  return { providerRefundId: refund.id, status, amountMinor: Number(refund.amount) };
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
        const answer = refundAnswer(refund);
        if (answer.amountMinor !== input.amountMinor)
          throw new PaymentProviderError("Razorpay's refund does not match the amount asked for.");
        return answer;
      } catch (err) {
        throw refused("refund", err);
      }
    },
    async refundStatus(query) {
      try {
        if (query.providerRefundId) return refundAnswer(await client.payments.fetchRefund(query.paymentId, query.providerRefundId));
        // Our answer from Razorpay was lost: its refunds of the payment, found by the id in their notes.
        const { items } = await client.payments.fetchMultipleRefund(query.paymentId, { count: 100 });
        const ours = items.find((r) => !Array.isArray(r.notes) && String(r.notes?.refund_id) === String(query.refundId));
        return ours ? refundAnswer(ours) : null;
      } catch (err) {
        throw refused("refund lookup", err);
      }
    },
    keySecret: async () => credentials.keySecret,
    webhookSecret: async () => credentials.webhookSecret,
  };
}
