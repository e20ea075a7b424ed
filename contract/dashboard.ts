import { z } from "zod";

/** GET /api/oni/dashboard */
export const DashboardSchema = z.object({
  placedOrders: z.number(),
  activeOrders: z.number(),
  expiredOrders: z.number(),
  registeredUsers: z.number(),
  /** Exactly 10 entries, oldest first, days without orders as 0. */
  transactionsByDate: z.array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), count: z.number() })).length(10),
  /** Newest first, at most 20. */
  payIds: z.array(z.string()).max(20),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
