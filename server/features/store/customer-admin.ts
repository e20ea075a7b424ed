import { sql } from "drizzle-orm";
import {
  CUSTOMER_COUNT_CAP,
  CUSTOMER_PAGE_SIZE,
  type CustomerDetail,
  type CustomerList,
  type CustomerListQuery,
  type CustomerRow,
} from "../../../contract/admin-customers";
import { iso, queryRows } from "../../platform/db/query-rows";
import { coupons, customers, orders, products, productVersions } from "../../platform/db/schema";
import { NotFoundError } from "../../platform/errors";
import type { ServiceDeps } from "../../platform/service-deps";
import { rupees } from "./context";

type Row = {
  id: number;
  email: string;
  name: string;
  created_at: string;
  orders: string;
  paid_minor: string | null;
  last_order_at: string | null;
};

/** LIKE's own characters typed in a search match themselves. */
const likePrefix = (q: string) => `${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

// Per customer, through orders_customer_created_idx: paid orders, what they paid, the last one's date.
const totals = sql`left join lateral (
    select count(*) as orders, sum(o.amount_paid_minor) as paid_minor, max(o.created_at) as last_order_at
    from ${orders} o where o.customer_id = c.id and o.status in ('placed', 'active', 'expired', 'refunded')) t on true`;

const toRow = (r: Row): CustomerRow => ({
  id: Number(r.id),
  email: r.email,
  name: r.name,
  orders: Number(r.orders),
  total_paid: rupees(Number(r.paid_minor ?? 0)),
  last_order_at: iso(r.last_order_at),
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
      const filter = q ? sql`(lower(c.email) like ${q} or lower(c.name) like ${q})` : sql`true`;
      const order = q ? sql`lower(c.email), c.id` : sql`c.id desc`;
      const [rows, count] = await Promise.all([
        queryRows<Row>(
          db,
          sql`select c.id, c.email, c.name, c.created_at, t.orders, t.paid_minor, t.last_order_at
            from (select * from ${customers} c where ${filter} order by ${order}
              limit ${CUSTOMER_PAGE_SIZE} offset ${(query.page - 1) * CUSTOMER_PAGE_SIZE}) c ${totals} order by ${order}`,
        ),
        queryRows<{ n: string }>(
          db,
          sql`select count(*) as n from (select 1 from ${customers} c where ${filter} limit ${CUSTOMER_COUNT_CAP}) capped`,
        ),
      ]);
      return { items: rows.map(toRow), total: Number(count[0].n) };
    },

    /** One customer with their orders (every status), newest first. */
    async get(id: number): Promise<CustomerDetail> {
      const [c] = await queryRows<Row>(
        db,
        sql`select c.id, c.email, c.name, c.created_at, t.orders, t.paid_minor, t.last_order_at from ${customers} c ${totals} where c.id = ${id}`,
      );
      if (!c) throw new NotFoundError("There is no such customer.");
      const list = await queryRows<{
        id: string;
        payment_id: string | null;
        customer_email: string;
        customer_name: string;
        product_id: string;
        product_name: string;
        version: string;
        amount_paid_minor: string;
        coupon: string | null;
        status: CustomerDetail["order_list"][number]["status"];
        created_at: string;
        paid_at: string | null;
      }>(
        db,
        sql`select o.id, o.payment_id, o.customer_email, o.customer_name, pv.product_id, p.name as product_name, pv.version,
            o.amount_paid_minor, cp.code as coupon, o.status, o.created_at, o.paid_at
          from ${orders} o join ${productVersions} pv on pv.id = o.product_version_id join ${products} p on p.id = pv.product_id
            left join ${coupons} cp on cp.id = o.coupon_id
          where o.customer_id = ${id} order by o.created_at desc, o.id desc limit 500`,
      );
      return {
        ...toRow(c),
        created_at: iso(c.created_at) as string,
        order_list: list.map((o) => ({
          id: Number(o.id),
          payment_id: o.payment_id,
          customer_email: o.customer_email,
          customer_name: o.customer_name,
          product_id: o.product_id,
          product_name: o.product_name,
          version: o.version,
          amount: rupees(Number(o.amount_paid_minor)),
          currency: "INR",
          coupon: o.coupon,
          status: o.status,
          created_at: iso(o.created_at) as string,
          paid_at: iso(o.paid_at),
        })),
      };
    },
  };
}

export type CustomerAdmin = ReturnType<typeof createCustomerAdmin>;
