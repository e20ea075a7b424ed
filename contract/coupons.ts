import { z } from "zod";
import { calendarDay } from "./common";
import { ProductIdSchema, VersionSchema } from "./products";

export const COUPON_RANDOM_LENGTH = 10;
export const COUPON_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** Decision 026: one batch is 1 to 100 codes, on the screen (a field message) and on the server alike. */
export const MAX_COUPONS_PER_BATCH = 100;

/**
 * The server's one rule for a batch's discount, said the same way by the server's field error and by
 * the generator's preview, so the preview never prices a discount (12.5 %, 150 %) the server
 * would refuse.
 */
export const DISCOUNT_RULE = "Enter a whole percent from 1 to 100.";

/** A code is the configured prefix followed by 10 characters of [A-Za-z0-9]. */
export const couponCodePattern = (prefix: string) => new RegExp(`^${prefix}[A-Za-z0-9]{${COUPON_RANDOM_LENGTH}}$`);

/** POST /api/products/coupon/update. The prefix is checked by the server against its config. */
export const CouponBatchSchema = z.object({
  product_id: ProductIdSchema,
  version: VersionSchema,
  coupons: z
    .array(z.string().trim().min(1).max(64))
    .min(1, "Generate at least one coupon.")
    .max(MAX_COUPONS_PER_BATCH, `At most ${MAX_COUPONS_PER_BATCH} coupons at once.`)
    .refine((list) => new Set(list).size === list.length, "The batch repeats a code."),
  discount_percentage: z.coerce.number(DISCOUNT_RULE).int(DISCOUNT_RULE).min(1, DISCOUNT_RULE).max(100, DISCOUNT_RULE),
  /** Optional last day the codes work (YYYY-MM-DD, through the end of that UTC day). */
  expires_on: calendarDay("Use a date such as 2026-12-31.").optional(),
  /** Optional note for the whole batch, e.g. who it was made for. */
  note: z.string().trim().max(200, "At most 200 characters.").optional(),
});
export type CouponBatch = z.infer<typeof CouponBatchSchema>;

export const CouponBatchResponseSchema = z.object({ status: z.literal("success"), added: z.number() });

export const COUPON_MESSAGES = {
  invalidCount: "Please enter a valid coupon count",
  failure: "Error submitting form",
} as const;
