import { z } from "zod";
import { calendarDay } from "./common";
import { CURRENCY, ORDER_STATUSES } from "./store";

// The admin's order lookup and CSV export. Money follows decision 003
// (decimal rupees, exact to the paisa).

/** Totals above this are reported as "at least": counting a million rows for every page costs more than the page. */
export const ORDER_COUNT_CAP = 10_000;

/**
 * The columns the order list sorts by on the server, each walked through an index of its own (a
 * sort without one reads the whole table, a million rows, for every page); ties go by id, the same way.
 */
export const ORDER_SORTS = ["created_at", "amount"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;

/** Query of GET /api/admin/orders and /api/admin/orders.csv. `q` is a payment id or a customer e-mail, exactly. */
export const OrderListQuerySchema = z.object({
  q: z.string().trim().max(254, "At most 254 characters.").optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  /** First and last UTC day of the order's creation (inclusive). */
  from: calendarDay("Use a date such as 2026-11-01.").optional(),
  to: calendarDay("Use a date such as 2026-11-30.").optional(),
  /** Newest first unless asked otherwise; the CSV export ignores it (newest id first). */
  sort: z.enum(ORDER_SORTS, "Sort by created_at or amount.").default("created_at"),
  dir: z.enum(SORT_DIRECTIONS, "Use asc or desc.").default("desc"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

export const AdminOrderSchema = z.object({
  id: z.number().int(),
  payment_id: z.string().nullable(),
  customer_email: z.string(),
  customer_name: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  version: z.string(),
  amount: z.number(),
  currency: z.literal(CURRENCY),
  coupon: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const OrderListSchema = z.object({
  items: z.array(AdminOrderSchema),
  /** Matching orders, at most ORDER_COUNT_CAP (then `total_capped` is true: there are more). */
  total: z.number().int(),
  total_capped: z.boolean(),
});
export type OrderList = z.infer<typeof OrderListSchema>;

export const ORDER_CSV_COLUMNS = [
  "id",
  "payment_id",
  "customer_email",
  "customer_name",
  "product_id",
  "version",
  "amount",
  "currency",
  "coupon",
  "status",
  "created_at",
  "paid_at",
] as const;
