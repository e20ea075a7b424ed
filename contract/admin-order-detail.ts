import { z } from "zod";
import { moneyInput } from "./money-input";
import { CURRENCY, ORDER_STATUSES } from "./store";

// One order as the admin's order page shows it, and the admin's actions on its licence.
// Money as everywhere in the API: decimal rupees, exact to the paisa (decision 003).

const BigId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Path of the order and licence calls. A path id that does not parse answers 404. */
export const OrderIdParamsSchema = z.object({ id: BigId });
export const LicenceIdParamsSchema = z.object({ id: BigId });
export const MachineParamsSchema = z.object({ id: BigId, machine_id: BigId });

export const LICENCE_STATES = ["valid", "expired", "revoked"] as const;

export const OrderMachineSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  activated_at: z.string(),
  /** The last validation or activation from it (written at most once an hour); null before either. */
  last_seen_at: z.string().nullable(),
});
export type OrderMachine = z.infer<typeof OrderMachineSchema>;

export const OrderLicenceSchema = z.object({
  id: z.number().int(),
  /** The key's last group only: the whole key is the customer's (receipt, mail). */
  key_hint: z.string(),
  state: z.enum(LICENCE_STATES),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  machine_limit: z.number().int(),
  machines: z.array(OrderMachineSchema),
});
export type OrderLicence = z.infer<typeof OrderLicenceSchema>;

export const OrderMailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.array(z.string()),
  status: z.enum(["pending", "sent", "failed"]),
  created_at: z.string(),
  /** Who caused it: "the store" (receipt, refund), "the customer", "admin <e-mail>". */
  by: z.string(),
});

export const TIMELINE_EVENTS = ["created", "paid", "fulfilled", "webhook", "refund", "refunded", "licence", "mail"] as const;
export const TimelineEntrySchema = z.object({
  at: z.string(),
  event: z.enum(TIMELINE_EVENTS),
  /** What happened in words: the webhook event's name, a refund's amount and state, a licence event, a mail. */
  detail: z.string(),
  /**
   * Who did it: "the customer", "the licence key (tool)", "admin <e-mail>", "the payment provider",
   * "the store".
   */
  by: z.string(),
});

export const OrderRefundSchema = z.object({
  id: z.number().int(),
  /** Null while the provider has not answered yet. */
  provider_refund_id: z.string().nullable(),
  amount: z.number(),
  status: z.enum(["pending", "processed", "failed"]),
  reason: z.string().nullable(),
  created_at: z.string(),
  /** When the server last asked the provider about a refund still pending (its confirmation did not come); null: not yet. */
  checked_at: z.string().nullable(),
});

/** One issued document of the order (its number opens it at /api/admin/invoices/{number}). */
export const OrderDocumentSchema = z.object({ number: z.string(), total: z.number(), issued_at: z.string() });
export const OrderCreditNoteSchema = OrderDocumentSchema.extend({ refund_id: z.number().int() });

export const AdminOrderDetailSchema = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  customer: z.object({ id: z.number().int().nullable(), email: z.string(), name: z.string() }),
  product: z.object({ id: z.string(), name: z.string(), version: z.string() }),
  coupon: z.string().nullable(),
  amounts: z.object({ list_price: z.number(), discount: z.number(), paid: z.number(), currency: z.literal(CURRENCY) }),
  payment: z.object({ provider: z.string().nullable(), payment_id: z.string().nullable(), provider_order_id: z.string().nullable() }),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  licence: OrderLicenceSchema.nullable(),
  mails: z.array(OrderMailSchema),
  refunds: z.array(OrderRefundSchema),
  /** Paid and not refunded or held by a refund in flight: the most a new refund may take (rupees). */
  refundable: z.number(),
  /** The tax invoice (a receipt without a GSTIN) of a paid order. */
  invoice: OrderDocumentSchema.nullable(),
  /** One per processed refund, oldest first. */
  credit_notes: z.array(OrderCreditNoteSchema),
  timeline: z.array(TimelineEntrySchema),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

/** POST /api/admin/licences/:id/revoke */
export const LicenceRevokeSchema = z.object({
  reason: z.string("Give a reason.").trim().min(1, "Give a reason.").max(500, "At most 500 characters."),
});
export type LicenceRevoke = z.infer<typeof LicenceRevokeSchema>;

/** POST /api/admin/licences/:id/extend */
export const LicenceExtendSchema = z.object({
  months: z.coerce.number("Give a number of months.").int("Whole months only.").min(1, "At least 1 month.").max(36, "At most 36 months."),
});
export type LicenceExtend = z.infer<typeof LicenceExtendSchema>;

export const LicenceChangedSchema = z.object({
  status: z.literal("success"),
  licence: z.object({ id: z.number().int(), state: z.enum(LICENCE_STATES), expires_at: z.string(), revoked_at: z.string().nullable() }),
});
export type LicenceChanged = z.infer<typeof LicenceChangedSchema>;

export const ActionDoneSchema = z.object({ status: z.literal("success"), message: z.string() });

const twoDecimals = (n: number) => Number.isFinite(n) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** An Idempotency-Key header: what a client retries with; the page's form carries one as a field. */
export const IdempotencyKeySchema = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/);

/**
 * POST /api/admin/orders/:id/refund. Amount in rupees (decision 003), at least ₹1 (the provider's
 * smallest refund) and at most what is left; `revoke_licence` asks a partial refund to revoke too (a
 * refund of everything left always does). A form's checkbox posts "on" or nothing.
 */
export const RefundRequestSchema = z.object({
  amount: moneyInput(
    z
      .number("Enter the amount as a number.")
      .min(1, "Refund at least ₹1.")
      .max(10_000_000, "The amount is too large.")
      .refine(twoDecimals, "Use at most two decimals."),
  ),
  reason: z.string("Give a reason.").trim().min(1, "Give a reason.").max(500, "At most 500 characters."),
  revoke_licence: z
    .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")])
    .optional()
    .transform((v) => v === true || v === "on" || v === "true"),
});
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

export const REFUND_STATUSES = ["pending", "processed", "failed"] as const;

/** The refund asked for: `pending` until the provider says the money went back (then a credit note is issued). */
export const RefundStartedSchema = z.object({
  status: z.literal("success"),
  message: z.string(),
  refund: z.object({
    id: z.number().int(),
    amount: z.number(),
    status: z.enum(REFUND_STATUSES),
    provider_refund_id: z.string().nullable(),
  }),
});
export type RefundStarted = z.infer<typeof RefundStartedSchema>;
