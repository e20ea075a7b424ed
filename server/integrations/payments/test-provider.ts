import type { PaymentProvider, ProviderRefund } from "./provider";
import { razorpayStyleId } from "./random-id";

type RefundStatus = ProviderRefund["status"];
type RecordedRefund = ProviderRefund & { refundId: number };

/**
 * The refunds the test provider took, as Razorpay keeps them: in this process's memory, since the
 * sandbox moves no money. Shared with the store's sandbox (server/features/store/test-provider.ts),
 * which lets tests, or a developer trying the unhappy path, say what the provider answers from now on.
 */
export function createTestRefundBook() {
  const byId = new Map<string, RecordedRefund>();
  return {
    record: (refund: RecordedRefund) => void byId.set(refund.providerRefundId, refund),
    find: (providerRefundId: string | null, refundId: number): RecordedRefund | undefined =>
      providerRefundId ? byId.get(providerRefundId) : [...byId.values()].find((r) => r.refundId === refundId),
    /** False when the provider took no such refund. */
    setStatus(providerRefundId: string, status: RefundStatus): boolean {
      const refund = byId.get(providerRefundId);
      if (refund) refund.status = status;
      return Boolean(refund);
    },
  };
}
export type TestRefundBook = ReturnType<typeof createTestRefundBook>;

/**
 * The embedded sandbox provider: no network. Its secret stands for both Razorpay's key secret and
 * its webhook secret, so every line of the verification path is the real one.
 */
export function createTestPaymentProvider(secret: () => Promise<string>, book: TestRefundBook = createTestRefundBook()): PaymentProvider {
  return {
    name: "test",
    keyId: "rzp_test_sandbox",
    createOrder: async () => ({ providerOrderId: razorpayStyleId("order_") }),
    // Answered as Razorpay answers a normal-speed refund: pending, until the store's sandbox sends the
    // signed `refund.processed` webhook. No money moves, so the refund is recorded processed at once:
    // asked later (the sweep of refunds whose webhook was lost), the provider says so.
    refund: async (input) => {
      const providerRefundId = razorpayStyleId("rfnd_");
      book.record({ providerRefundId, status: "processed", amountMinor: input.amountMinor, refundId: input.refundId });
      return { providerRefundId, status: "pending", amountMinor: input.amountMinor };
    },
    refundStatus: async (query) => {
      const found = book.find(query.providerRefundId, query.refundId);
      return found ? { providerRefundId: found.providerRefundId, status: found.status, amountMinor: found.amountMinor } : null;
    },
    keySecret: secret,
    webhookSecret: secret,
  };
}
