import { z } from "zod";
import { BillingSchema, QuoteTaxSchema } from "./billing";
import { ProductIdSchema, VersionSchema } from "./products";

/**
 * The store's calls. Money in answers follows decision 003: `amount`,
 * `discount` and `total` are decimal rupees (14.99 = ₹14.99, exact to the paisa because the server
 * counts in integer paise). The one exception is `payment.amount`, which is what Razorpay's checkout
 * takes: integer paise.
 */

export const CURRENCY = "INR" as const;
export const PAYMENT_PROVIDERS = ["test", "razorpay"] as const;
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProvider = z.infer<typeof PaymentProviderSchema>;

export const ORDER_STATUSES = ["pending", "placed", "active", "expired", "failed", "refunded"] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** One element of GET /api/store/products: a product version for sale. */
export const StoreProductSchema = z.object({
  product_id: z.string(),
  product_name: z.string(),
  version: z.string(),
  amount: z.number(),
  currency: z.literal(CURRENCY),
  os: z.array(z.string()),
  licence_term_months: z.number().int(),
  machine_limit: z.number().int(),
});
export type StoreProduct = z.infer<typeof StoreProductSchema>;
export const StoreProductListSchema = z.array(StoreProductSchema);

/** A coupon code as typed: blank means none. Codes are [A-Za-z0-9], so anything else cannot match. */
export const CouponInputSchema = z
  .string()
  .trim()
  .max(64, "At most 64 characters.")
  .regex(/^[A-Za-z0-9]*$/, "A coupon code has only letters and digits.")
  .optional()
  .transform((v) => (v ? v : undefined));

/** POST /api/checkout/quote */
export const QuoteRequestSchema = z.object({
  product_id: ProductIdSchema,
  version: VersionSchema,
  coupon: CouponInputSchema,
  /** Required when the store charges tax (contract/billing.ts). */
  billing: BillingSchema.optional(),
});
export type QuoteRequest = z.infer<typeof QuoteRequestSchema>;

export const COUPON_REASONS = ["unknown", "used", "void", "expired", "other_product"] as const;
export const CouponReasonSchema = z.enum(COUPON_REASONS);
export type CouponReason = z.infer<typeof CouponReasonSchema>;

export const COUPON_REASON_TEXT: Record<CouponReason, string> = {
  unknown: "This coupon code does not exist.",
  used: "This coupon has already been used.",
  void: "This coupon is no longer valid.",
  expired: "This coupon has expired.",
  other_product: "This coupon is for another product or version.",
};

export const QuoteCouponSchema = z.object({
  code: z.string(),
  valid: z.boolean(),
  reason: CouponReasonSchema.optional(),
  discount_percent: z.number().int().optional(),
});

/** The price of one version, with the coupon applied when it is valid. `coupon` is null when none was sent. */
export const QuoteSchema = z.object({
  amount: z.number(),
  discount: z.number(),
  total: z.number(),
  currency: z.literal(CURRENCY),
  coupon: QuoteCouponSchema.nullable(),
  /** The GST inside (or, when prices exclude tax, added into) `total`; null when the store charges none. */
  tax: QuoteTaxSchema.nullable(),
});
export type Quote = z.infer<typeof QuoteSchema>;

/** Names and e-mails go into mail headers: CR/LF and other control characters are refused. */
const NO_CONTROL = /^[^\p{Cc}]*$/u;

/** POST /api/checkout/orders */
export const CreateOrderRequestSchema = QuoteRequestSchema.extend({
  email: z.email("Enter a valid e-mail address.").trim().max(254, "At most 254 characters."),
  name: z.string().trim().min(1, "Enter your name.").max(100, "At most 100 characters.").regex(NO_CONTROL, "Use a single line of text."),
});
export type CreateOrderRequest = z.infer<typeof CreateOrderRequestSchema>;

/** What the checkout page hands to the provider's checkout (Razorpay's options; `amount` in paise). */
export const PaymentStartSchema = z.object({
  key_id: z.string(),
  provider_order_id: z.string(),
  amount: z.number().int(),
  currency: z.literal(CURRENCY),
});

/** 201 of POST /api/checkout/orders. `token` opens the order's public view (receipt page); keep it. */
export const CreatedOrderSchema = z.object({
  order_id: z.number().int(),
  /**
   * `pending` awaits the payment; `placed` when the total is ₹0 (a 100 % coupon): fulfilled at once,
   * no provider order (`payment.provider_order_id` is empty), the licence on the receipt (decision 021).
   */
  status: z.enum(["pending", "placed"]),
  amount: z.number(),
  discount: z.number(),
  total: z.number(),
  currency: z.literal(CURRENCY),
  provider: PaymentProviderSchema,
  payment: PaymentStartSchema,
  token: z.string(),
  receipt_url: z.string(),
  expires_at: z.string(),
});
export type CreatedOrder = z.infer<typeof CreatedOrderSchema>;

/** POST /api/checkout/orders/:id/confirm: what Razorpay's checkout (or the test sandbox) hands back. */
export const ConfirmRequestSchema = z.object({
  razorpay_order_id: z.string().trim().min(1).max(64),
  razorpay_payment_id: z
    .string()
    .trim()
    .regex(/^pay_[A-Za-z0-9]{14}$/, "Not a payment id."),
  razorpay_signature: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/, "Not a signature."),
});
export type ConfirmRequest = z.infer<typeof ConfirmRequestSchema>;

/** 200 of confirm; a second confirm of the same payment answers the same. */
export const ConfirmAnswerSchema = z.object({
  status: z.enum(["placed", "active", "expired"]),
  licence_key: z.string(),
  receipt_url: z.string(),
});
export type ConfirmAnswer = z.infer<typeof ConfirmAnswerSchema>;

/** GET /api/checkout/orders/:id?token= */
export const OrderTokenQuerySchema = z.object({ token: z.string().trim().min(1).max(128) });

/** The order as its buyer sees it. `licence_key` once paid (null before and after a refund). */
export const OrderPublicViewSchema = z.object({
  order_id: z.number().int(),
  status: OrderStatusSchema,
  product_id: z.string(),
  product_name: z.string(),
  version: z.string(),
  email: z.string(),
  name: z.string(),
  amount: z.number(),
  discount: z.number(),
  total: z.number(),
  currency: z.literal(CURRENCY),
  coupon: z.string().nullable(),
  provider: z.string(),
  payment_id: z.string().nullable(),
  licence_key: z.string().nullable(),
  /**
   * Set once the paid order's key was replaced from the account or its licence revoked: this link
   * shows no key from then on, only what happened and when (the current key is in the account).
   */
  key_withdrawn: z.object({ reason: z.enum(["replaced", "revoked"]), at: z.string() }).nullable(),
  machine_limit: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** pending: the payment deadline; paid: the end of the licence term. */
  expires_at: z.string().nullable(),
});
export type OrderPublicView = z.infer<typeof OrderPublicViewSchema>;

/** Licence keys: ONI-XXXXX-XXXXX-XXXXX-XXXXX-XXXXX-XXXXX (Crockford-like alphabet, 150 random bits). */
export const LicenceKeySchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, "Enter the licence key.")
  .max(64, "At most 64 characters.")
  .regex(/^[A-Z0-9 -]+$/, "A licence key has only letters, digits and dashes.");

export const FingerprintSchema = z
  .string()
  .trim()
  .min(1, "Enter the machine fingerprint.")
  .max(128, "At most 128 characters.")
  .regex(/^[\x21-\x7e]+$/, "Printable ASCII without spaces.");

/** POST /api/licenses/validate */
export const LicenceValidateRequestSchema = z.object({ key: LicenceKeySchema, fingerprint: FingerprintSchema.optional() });
export type LicenceValidateRequest = z.infer<typeof LicenceValidateRequestSchema>;

export const LICENCE_CODES = ["VALID", "NOT_FOUND", "EXPIRED", "REVOKED", "NOT_ACTIVATED", "TOO_MANY_MACHINES"] as const;
export const LicenceCodeSchema = z.enum(LICENCE_CODES);
export type LicenceCode = z.infer<typeof LicenceCodeSchema>;

export const LicenceValidationSchema = z.object({
  valid: z.boolean(),
  code: LicenceCodeSchema,
  product_id: z.string().nullable(),
  version: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type LicenceValidation = z.infer<typeof LicenceValidationSchema>;

/** POST /api/licenses/activate */
export const LicenceActivateRequestSchema = z.object({
  key: LicenceKeySchema,
  fingerprint: FingerprintSchema,
  name: z.string().trim().max(100, "At most 100 characters.").regex(NO_CONTROL, "Use a single line of text.").optional(),
});
export type LicenceActivateRequest = z.infer<typeof LicenceActivateRequestSchema>;

/** 201 (new machine) or 200 (this fingerprint was already active). */
export const LicenceActivationSchema = z.object({
  machine_id: z.number().int(),
  activated_at: z.string(),
  machines: z.number().int(),
  machine_limit: z.number().int(),
  product_id: z.string(),
  version: z.string(),
  expires_at: z.string(),
});
export type LicenceActivation = z.infer<typeof LicenceActivationSchema>;

/** POST /api/licenses/deactivate */
export const LicenceDeactivateRequestSchema = z.object({ key: LicenceKeySchema, fingerprint: FingerprintSchema });
export type LicenceDeactivateRequest = z.infer<typeof LicenceDeactivateRequestSchema>;
export const LicenceDeactivatedSchema = z.object({ status: z.literal("success"), machines: z.number().int() });

/** POST /api/licenses/checkout: an offline licence file (format: contract/licence-file.ts). */
export const LicenceCheckoutRequestSchema = z.object({
  key: LicenceKeySchema,
  fingerprint: FingerprintSchema,
  ttl_days: z.number().int().min(1, "At least 1 day.").max(365, "At most 365 days.").optional(),
});
export type LicenceCheckoutRequest = z.infer<typeof LicenceCheckoutRequestSchema>;

/** GET /api/licenses/public-key: the current licence key on top, every key still trusted in `keys`. */
export const LicencePublicKeySchema = z.object({
  key_id: z.string(),
  algorithm: z.literal("ed25519"),
  public_key: z.string(),
  created_at: z.string(),
  retired_at: z.string().nullable(),
});
export const LicencePublicKeysSchema = LicencePublicKeySchema.extend({ keys: z.array(LicencePublicKeySchema) });
