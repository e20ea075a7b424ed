import type { PaymentProvider as ProviderName } from "../../../contract/store";

export type ProviderOrderInput = {
  /** Integer paise. */
  amountMinor: number;
  currency: "INR";
  /** Our order id, so the provider's dashboard links back to it. */
  receipt: string;
  notes?: Record<string, string>;
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
  /** Secret keying the checkout signature (`order_id|payment_id`). */
  keySecret(): Promise<string>;
  /** Secret keying the webhook signature (the raw body). */
  webhookSecret(): Promise<string>;
}
