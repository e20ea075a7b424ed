import type { PaymentProvider as ProviderName } from "../../../contract/store";

export type ProviderOrderInput = {
  /** Integer paise. */
  amountMinor: number;
  currency: "INR";
  /** Our order id, so the provider's dashboard links back to it. */
  receipt: string;
  notes?: Record<string, string>;
};

export type ProviderRefundInput = {
  /** The captured payment (`pay_…`). */
  paymentId: string;
  /** Integer paise, at most what is left of the payment. */
  amountMinor: number;
  /** Our refund row's id: it comes back in the refund's webhook, which finds the row by it. */
  refundId: number;
};

export type ProviderRefund = {
  providerRefundId: string;
  status: "pending" | "processed" | "failed";
  amountMinor: number;
};

export type ProviderRefundQuery = {
  paymentId: string;
  /** The provider's id, once its answer to `refund()` was stored; null when that answer was lost. */
  providerRefundId: string | null;
  /** Our refund row's id, which the provider keeps in the refund's notes. */
  refundId: number;
};

/**
 * What the store needs from a payment provider. Both implementations sign as Razorpay does, so
 * the verification code (signature.ts) is the same for both.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** Public key id handed to the checkout page. */
  readonly keyId: string;
  /** Creates the provider-side order; returns its id (`order_…`). */
  createOrder(input: ProviderOrderInput): Promise<{ providerOrderId: string }>;
  /**
   * Refunds (part of) a captured payment. The answer may be `pending`: the `refund.processed` webhook
   * then says when the money went back.
   */
  refund(input: ProviderRefundInput): Promise<ProviderRefund>;
  /**
   * The provider's word on a refund asked for earlier, for the sweep of refunds whose webhook never
   * came (server/features/store/refund-sweep.ts); null when the provider has no such refund.
   */
  refundStatus(query: ProviderRefundQuery): Promise<ProviderRefund | null>;
  /** Secret keying the checkout signature (`order_id|payment_id`). */
  keySecret(): Promise<string>;
  /** Secret keying the webhook signature (the raw body). */
  webhookSecret(): Promise<string>;
}
