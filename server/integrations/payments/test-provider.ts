import type { PaymentProvider } from "./provider";
import { razorpayStyleId } from "./random-id";

/**
 * The embedded sandbox provider: no network. Its secret stands for both Razorpay's key secret and
 * its webhook secret, so every line of the verification path is the real one.
 */
export function createTestPaymentProvider(secret: () => Promise<string>): PaymentProvider {
  return {
    name: "test",
    keyId: "rzp_test_sandbox",
    createOrder: async () => ({ providerOrderId: razorpayStyleId("order_") }),
    // Recorded as Razorpay records a normal-speed refund: pending, until the store's sandbox sends
    // the signed `refund.processed` webhook (server/features/store/test-provider.ts).
    refund: async (input) => ({ providerRefundId: razorpayStyleId("rfnd_"), status: "pending", amountMinor: input.amountMinor }),
    keySecret: secret,
    webhookSecret: secret,
  };
}
