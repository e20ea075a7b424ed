import { z } from "zod";
import { ProductIdSchema, VersionSchema } from "./products";

// The admin's coupon list, CSV export and void.

export const COUPON_STATUSES = ["used", "unused", "void"] as const;
export const COUPON_PAGE_SIZES = [10, 20, 50, 100] as const;

/** Query of GET /api/admin/coupons and /api/admin/coupons.csv. `q` is a whole code or its beginning. */
export const CouponListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(64, "At most 64 characters.")
    .regex(/^[A-Za-z0-9]*$/, "A code has only letters and digits.")
    .optional(),
  status: z.enum(COUPON_STATUSES).optional(),
  product_id: ProductIdSchema.optional(),
  version: VersionSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type CouponListQuery = z.infer<typeof CouponListQuerySchema>;

export const CouponItemSchema = z.object({
  code: z.string(),
  product_id: z.string(),
  version: z.string(),
  discount: z.number().int(),
  status: z.enum(COUPON_STATUSES),
  created_at: z.string(),
  used_at: z.string().nullable(),
  order_id: z.number().int().nullable(),
  expires_at: z.string().nullable(),
  note: z.string().nullable(),
});
export type CouponItem = z.infer<typeof CouponItemSchema>;
/** Totals above this are reported as "more than": counting a million codes for every page costs more than the page. */
export const COUPON_COUNT_CAP = 10_000;
/**
 * A code search (`q`) counts up to this instead (decision 078): it is for finding codes, and past a
 * thousand matches the admin types more of the code rather than reading the number.
 */
export const COUPON_SEARCH_COUNT_CAP = 1_000;
export const CouponListSchema = z.object({
  items: z.array(CouponItemSchema),
  /** Matching coupons, at most COUPON_COUNT_CAP, or COUPON_SEARCH_COUNT_CAP with `q` (then `total_capped` is true: there are more). */
  total: z.number().int(),
  total_capped: z.boolean(),
});
export type CouponList = z.infer<typeof CouponListSchema>;

/** Path parameter of POST /api/admin/coupons/:code/void. */
export const CouponCodeParamSchema = z.string().regex(/^[A-Za-z0-9]{1,64}$/);
/** The coupon a void names (the API's path parameter, the Coupons screen's form field). */
export const CouponVoidParamsSchema = z.object({ code: CouponCodeParamSchema });
export type CouponVoidParams = z.infer<typeof CouponVoidParamsSchema>;
export const CouponVoidedSchema = z.object({ status: z.literal("success"), message: z.string(), coupon: CouponItemSchema });

export const COUPON_CSV_COLUMNS = [
  "code",
  "product_id",
  "version",
  "discount",
  "status",
  "created_at",
  "used_at",
  "order_id",
  "expires_at",
  "note",
] as const;
