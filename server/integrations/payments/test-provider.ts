import type { PaymentProvider } from "./provider";
import { razorpayStyleId } from "./random-id";

/**
 * The embedded sandbox provider: no network. Its secret stands for both Razorpay's key secret and
 * its webhook secret (PRODUCT.md section 9), so every line of the verification path is the real one.
 */
export function createTestPaymentProvider(secret: () => Promise<string>): PaymentProvider {
  return {
    name: "test",
    keyId: "rzp_test_sandbox",
    createOrder: async () => ({ providerOrderId: razorpayStyleId("order_") }),
    keySecret: secret,
    webhookSecret: secret,
  };
}
