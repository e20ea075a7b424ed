import { z } from "zod";

export const DASHBOARD_RANGES = [7, 10, 30, 90] as const;
/** The overview's range when none is asked for: 10 days, as the original dashboard showed. */
export const DASHBOARD_DEFAULT_DAYS = 10;

/** GET /api/oni/dashboard?days=7|10|30|90 (10 by default). */
export const DashboardQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((n) => (DASHBOARD_RANGES as readonly number[]).includes(n), "Choose 7, 10, 30 or 90 days.")
    .default(DASHBOARD_DEFAULT_DAYS),
});
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const DashboardSchema = z.object({
  placedOrders: z.number(),
  activeOrders: z.number(),
  expiredOrders: z.number(),
  registeredUsers: z.number(),
  /** One entry per day of the range (10 by default), oldest first, days without orders as 0. */
  transactionsByDate: z
    .array(z.object({ date: day, count: z.number() }))
    .min(7)
    .max(90),
  /** Newest first, at most 20. */
  payIds: z.array(z.string()).max(20),
  /**
   * Total paid in the range net of the refunds processed in it, decimal rupees (exact to the paisa:
   * summed in paise, decision 003). A sale counts on the day it was paid, a refund on the day it was processed.
   */
  revenue: z.number(),
  /** Refunds processed in the range, rupees (already subtracted from `revenue`). */
  refunds: z.number(),
  /** Paid per day of the range net of that day's refunds, and the refunds, rupees, oldest first. */
  revenueByDate: z
    .array(z.object({ date: day, revenue: z.number(), refunds: z.number() }))
    .min(7)
    .max(90),
  /** Paid orders of the range per product, highest revenue first (rupees, net of the product's refunds of the range). */
  byProduct: z.array(
    z.object({ product_id: z.string(), product_name: z.string(), orders: z.number().int(), revenue: z.number(), refunds: z.number() }),
  ),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
