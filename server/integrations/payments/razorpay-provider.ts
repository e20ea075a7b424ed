import Razorpay from "razorpay";
import type { PaymentProvider } from "./provider";

export type RazorpayCredentials = { keyId: string; keySecret: string; webhookSecret: string };

/** Thrown when Razorpay refuses or cannot be reached; the message carries no secret. */
export class PaymentProviderError extends Error {}

/**
 * Razorpay through its official SDK (Orders API). Amounts are integer paise and `receipt` is our
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
        if (err instanceof PaymentProviderError) throw err;
        // The SDK rejects with { statusCode, error: { code, description } } (or a network error).
        const e = err as { statusCode?: number; error?: { code?: string; description?: string }; message?: string };
        const detail = e.error?.code ? `${e.statusCode ?? ""} ${e.error.code}` : (e.message ?? "no answer").slice(0, 100);
        throw new PaymentProviderError(`Razorpay refused the order (${detail.trim()}).`);
      }
    },
    keySecret: async () => credentials.keySecret,
    webhookSecret: async () => credentials.webhookSecret,
  };
}
