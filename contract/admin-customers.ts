import { z } from "zod";
import { AdminOrderSchema } from "./admin-orders";

// The admin's customer list (GET /api/admin/customers) and a customer's page. Money in decimal
// rupees, exact to the paisa (decision 003).

export const CUSTOMER_PAGE_SIZE = 20;
/** Totals above this are reported as this many: counting every match of a short prefix costs more than the page. */
export const CUSTOMER_COUNT_CAP = 10_000;

/** `q` is the start of an e-mail address or of a name, any case. */
export const CustomerListQuerySchema = z.object({
  q: z.string().trim().max(254, "At most 254 characters.").optional(),
  page: z.coerce.number("Give a page number.").int().min(1).max(500, "At most page 500.").default(1),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuerySchema>;

export const CustomerRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  /** Paid orders (placed, active, expired or refunded). */
  orders: z.number().int(),
  /** What those orders paid, refunds not taken off. */
  total_paid: z.number(),
  last_order_at: z.string().nullable(),
});
export type CustomerRow = z.infer<typeof CustomerRowSchema>;

export const CustomerListSchema = z.object({ items: z.array(CustomerRowSchema), total: z.number().int() });
export type CustomerList = z.infer<typeof CustomerListSchema>;

export const CustomerDetailSchema = CustomerRowSchema.extend({ created_at: z.string(), order_list: z.array(AdminOrderSchema) });
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;
