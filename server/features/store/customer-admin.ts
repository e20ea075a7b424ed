import { type AnyColumn, type SQL, and, asc, count, desc, eq, inArray, max, or, sql } from "drizzle-orm";
import {
  CUSTOMER_COUNT_CAP,
  CUSTOMER_PAGE_SIZE,
  type CustomerDetail,
  type CustomerList,
  type CustomerListQuery,
  type CustomerRow,
} from "../../../contract/admin-customers";
import type { Db } from "../../platform/db/client";
import { iso } from "../../platform/db/query-rows";
import { customers, orders } from "../../platform/db/schema";
import { NotFoundError } from "../../platform/errors";
import type { ServiceDeps } from "../../platform/service-deps";
import { rupees } from "./context";
import { adminOrderRows, toAdminOrder } from "./order-admin";

/** LIKE's own characters typed in a search match themselves. */
const likePrefix = (q: string) => `${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * Per customer (`customerId`, a column of the outer query, joined LATERAL), through
 * orders_customer_created_idx: paid orders, what they paid, the last one's date.
 */
const totalsOf = (db: Db, customerId: AnyColumn) =>
  db
    .select({
      orders: count().as("orders"),
      paidMinor: sql`coalesce(sum(${orders.amountPaidMinor}), 0)`.mapWith(orders.amountPaidMinor).as("paid_minor"),
      lastOrderAt: max(orders.createdAt).as("last_order_at"),
    })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), inArray(orders.status, ["placed", "active", "expired", "refunded"])))
    .as("t");

type Row = { id: number; email: string; name: string; orders: number; paidMinor: number; lastOrderAt: Date | null };

const toRow = (r: Row): CustomerRow => ({
  id: r.id,
  email: r.email,
  name: r.name,
  orders: r.orders,
  total_paid: rupees(r.paidMinor),
  last_order_at: iso(r.lastOrderAt),
});

/** The admin's customers: a search by the start of an e-mail or a name, and one customer's orders. */
export function createCustomerAdmin({ db }: ServiceDeps) {
  return {
    /**
     * A page of customers, newest first, or matching `q` (the prefix indexes customers_email_prefix_idx
     * and customers_name_prefix_idx), by e-mail. The total is counted up to CUSTOMER_COUNT_CAP.
     */
    async list(query: CustomerListQuery): Promise<CustomerList> {
      const q = query.q ? likePrefix(query.q) : null;
      const filter: SQL | undefined = q ? or(sql`lower(${customers.email}) like ${q}`, sql`lower(${customers.name}) like ${q}`) : undefined;
      const order = (email: AnyColumn, id: AnyColumn) => (q ? [sql`lower(${email})`, asc(id)] : [desc(id)]);
      const page = db
        .select({ id: customers.id, email: customers.email, name: customers.name })
        .from(customers)
        .where(filter)
        .orderBy(...order(customers.email, customers.id))
        .limit(CUSTOMER_PAGE_SIZE)
        .offset((query.page - 1) * CUSTOMER_PAGE_SIZE)
        .as("c");
      const t = totalsOf(db, page.id);
      const capped = db
        .select({ one: sql`1` })
        .from(customers)
        .where(filter)
        .limit(CUSTOMER_COUNT_CAP)
        .as("capped");
      const [rows, [{ n }]] = await Promise.all([
        db
          .select({ id: page.id, email: page.email, name: page.name, orders: t.orders, paidMinor: t.paidMinor, lastOrderAt: t.lastOrderAt })
          .from(page)
          .leftJoinLateral(t, sql`true`)
          .orderBy(...order(page.email, page.id)),
        db.select({ n: count() }).from(capped),
      ]);
      return { items: rows.map(toRow), total: n };
    },

    /** One customer with their orders (every status), newest first. */
    async get(id: number): Promise<CustomerDetail> {
      const t = totalsOf(db, customers.id);
      const [c] = await db
        .select({
          id: customers.id,
          email: customers.email,
          name: customers.name,
          createdAt: customers.createdAt,
          orders: t.orders,
          paidMinor: t.paidMinor,
          lastOrderAt: t.lastOrderAt,
        })
        .from(customers)
        .leftJoinLateral(t, sql`true`)
        .where(eq(customers.id, id));
      if (!c) throw new NotFoundError("There is no such customer.");
      const list = await adminOrderRows(db).where(eq(orders.customerId, id)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(500);
      return {
        ...toRow(c),
        created_at: c.createdAt.toISOString(),
        order_list: list.map(toAdminOrder),
      };
    },
  };
}

export type CustomerAdmin = ReturnType<typeof createCustomerAdmin>;
