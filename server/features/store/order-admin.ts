import { type SQL, and, count, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { type AdminOrder, ORDER_COUNT_CAP, type OrderList, type OrderListQuery, type OrderSort } from "../../../contract/admin-orders";
import { coupons, orders, productVersions, products, statCounters } from "../../platform/db/schema";
import { descNullsLast } from "../../platform/db/newest-first";
import { pageAndCount } from "../../platform/db/page-and-count";
import { asDate } from "../../platform/db/query-rows";
import type { Db } from "../../platform/db/client";
import type { ServiceDeps } from "../../platform/service-deps";
import { indiaDayAfter, indiaDayStart } from "../../../contract/time";

const columns = {
  id: orders.id,
  paymentId: orders.paymentId,
  customerEmail: orders.customerEmail,
  customerName: orders.customerName,
  productId: productVersions.productId,
  productName: products.name,
  version: productVersions.version,
  amountPaidMinor: orders.amountPaidMinor,
  coupon: coupons.code,
  status: orders.status,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
};
type Row = {
  id: number;
  paymentId: string | null;
  customerEmail: string;
  customerName: string;
  productId: string;
  productName: string;
  version: string;
  amountPaidMinor: number;
  coupon: string | null;
  status: AdminOrder["status"];
  createdAt: Date;
  paidAt: Date | null;
};

/** A row of the admin's order list as the API answers it (also a customer's orders). */
export const toAdminOrder = (r: Row): AdminOrder => ({
  id: r.id,
  payment_id: r.paymentId,
  customer_email: r.customerEmail,
  customer_name: r.customerName,
  product_id: r.productId,
  product_name: r.productName,
  version: r.version,
  amount: r.amountPaidMinor / 100,
  currency: "INR",
  coupon: r.coupon,
  status: r.status,
  created_at: r.createdAt.toISOString(),
  paid_at: r.paidAt ? r.paidAt.toISOString() : null,
});

/** A page row as read raw (pageAndCount): the selected columns' SQL names, dates as the driver gives them. */
type RawRow = {
  id: number | string;
  payment_id: string | null;
  customer_email: string;
  customer_name: string;
  product_id: string;
  name: string;
  version: string;
  amount_paid_minor: number | string;
  code: string | null;
  status: AdminOrder["status"];
  created_at: unknown;
  paid_at: unknown;
};
const fromRaw = (r: RawRow): Row => ({
  id: Number(r.id),
  paymentId: r.payment_id,
  customerEmail: r.customer_email,
  customerName: r.customer_name,
  productId: r.product_id,
  productName: r.name,
  version: r.version,
  amountPaidMinor: Number(r.amount_paid_minor),
  coupon: r.code,
  status: r.status,
  createdAt: asDate(r.created_at)!,
  paidAt: asDate(r.paid_at),
});

/** The orders with what the admin's lists show of each: product, version and coupon (filter and order to taste). */
export const adminOrderRows = (db: Db) =>
  db
    .select(columns)
    .from(orders)
    .innerJoin(productVersions, eq(productVersions.id, orders.productVersionId))
    .innerJoin(products, eq(products.id, productVersions.productId))
    .leftJoin(coupons, eq(coupons.id, orders.couponId));

type Filters = Omit<OrderListQuery, "page" | "page_size" | "sort" | "dir">;

const sortColumn = { created_at: orders.createdAt, amount: orders.amountPaidMinor } satisfies Record<OrderSort, unknown>;
/** The same sorts over the page's output columns (pageAndCount's outer ORDER BY). */
const pageSortColumn = { created_at: orders.createdAt.name, amount: orders.amountPaidMinor.name } satisfies Record<OrderSort, string>;

/**
 * ORDER BY for a sort, written exactly as its index is walked: orders_created_idx and orders_amount_idx
 * are (column DESC NULLS LAST, id DESC), so newest/largest first reads them forwards and the other
 * way (ASC NULLS FIRST, id ASC) backwards. A plain ASC (NULLS LAST) would sort the whole table.
 */
function orderBy(sort: OrderSort, dir: "asc" | "desc", sortMatches = false): SQL[] {
  // `+ 0` hides the column from its index: the planner then reads the matches through the filter's
  // own index and sorts them (top-N), instead of walking the whole amount index past non-matches.
  const column = sortMatches ? sql`(${sortColumn[sort]} + 0)` : sortColumn[sort];
  return dir === "desc"
    ? [sql`${column} desc nulls last`, descNullsLast(orders.id)]
    : [sql`${column} asc nulls first`, sql`${orders.id} asc nulls first`];
}

/** The statuses the dashboard's counters (stat_counters, kept by the orders_summary trigger) count. */
const COUNTED = ["placed", "active", "expired"] as const;

/**
 * A lower bound of the matches read from those counters, when the filters allow one: every order
 * (the paid ones are some of them) or one counted status. Past ORDER_COUNT_CAP it spares the list
 * the capped count, 10,001 index entries read per answer (decision 065).
 */
function countedAtLeast(query: Filters): SQL | undefined {
  if (query.q || query.from || query.to) return undefined;
  const statuses: readonly string[] = query.status ? (COUNTED.some((s) => s === query.status) ? [query.status] : []) : COUNTED;
  if (!statuses.length) return undefined;
  return sql`select coalesce(sum(${statCounters.value}), 0) from ${statCounters}
    where ${inArray(
      statCounters.name,
      statuses.map((s) => `orders_${s}`),
    )}`;
}

/** The admin's order lookup and export. */
export function createOrderAdmin({ db }: ServiceDeps) {
  function where(query: Filters): SQL | undefined {
    const filters: SQL[] = [];
    // An e-mail rides orders_customer_email_idx (lower(email)); anything else is a payment id (unique index).
    if (query.q) {
      filters.push(query.q.includes("@") ? sql`lower(${orders.customerEmail}) = lower(${query.q})` : eq(orders.paymentId, query.q));
    }
    if (query.status) filters.push(eq(orders.status, query.status));
    if (query.from) filters.push(gte(orders.createdAt, indiaDayStart(query.from)));
    if (query.to) filters.push(lt(orders.createdAt, indiaDayAfter(query.to)));
    return filters.length ? and(...filters) : undefined;
  }

  const base = () => adminOrderRows(db);

  return {
    /**
     * One page, newest first unless sorted otherwise, and the total counted up to ORDER_COUNT_CAP.
     * Newest/oldest first walks orders_created_idx (or orders_status_created_idx under a status filter).
     * By amount, a filtered list is counted first: at most ORDER_COUNT_CAP matches are sorted as they
     * are (a few ms), because walking orders_amount_idx to find them reads past every order that does
     * not match, and amounts repeat, so ties in id order put a past day's orders behind all later ones
     * (a one-day range at a million orders: 96,000 rows skipped, 289 ms).
     */
    async list(query: OrderListQuery): Promise<OrderList> {
      const filter = where(query);
      const countCapped = async () => {
        const capped = db
          .select({ one: sql`1` })
          .from(orders)
          .where(filter)
          .limit(ORDER_COUNT_CAP + 1)
          .as("capped");
        const [{ n }] = await db.select({ n: count() }).from(capped);
        return n;
      };
      const page = (sortMatches: boolean): Promise<Row[]> =>
        base()
          .where(filter)
          .orderBy(...orderBy(query.sort, query.dir, sortMatches))
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size);
      let rows: Row[];
      let n: number;
      if (query.sort === "amount" && filter) {
        n = await countCapped();
        rows = await page(n <= ORDER_COUNT_CAP);
      } else {
        // One round trip, the count only when the page cannot tell it (decision 065).
        const column = pageSortColumn[query.sort];
        // Raw SQL (decision 114): the admin list's page and capped count, one statement (decision 065).
        const answer = await pageAndCount<RawRow>(db, {
          page: base()
            .where(filter)
            .orderBy(...orderBy(query.sort, query.dir))
            .getSQL(),
          matches: sql`select 1 from ${orders} where ${filter ?? sql`true`}`,
          size: query.page_size,
          offset: (query.page - 1) * query.page_size,
          cap: ORDER_COUNT_CAP,
          atLeast: countedAtLeast(query),
          order:
            query.dir === "desc"
              ? sql`page.${sql.identifier(column)} desc nulls last, page.${sql.identifier(orders.id.name)} desc`
              : sql`page.${sql.identifier(column)} asc nulls first, page.${sql.identifier(orders.id.name)} asc`,
        });
        rows = answer.rows.map(fromRaw);
        n = answer.n;
      }
      return { items: rows.map(toAdminOrder), total: Math.min(n, ORDER_COUNT_CAP), total_capped: n > ORDER_COUNT_CAP };
    },

    /** Every match, newest id first, a bounded chunk at a time (keyset on id): memory holds one chunk. */
    async *stream(query: Filters, chunk = 2000): AsyncGenerator<AdminOrder[]> {
      const filter = where(query);
      let before: number | null = null;
      for (;;) {
        const rows: Row[] = await base()
          .where(before === null ? filter : and(filter, lt(orders.id, before)))
          .orderBy(sql`${orders.id} desc`)
          .limit(chunk);
        if (rows.length === 0) return;
        yield rows.map(toAdminOrder);
        if (rows.length < chunk) return;
        before = rows[rows.length - 1].id;
      }
    },
  };
}

export type OrderAdmin = ReturnType<typeof createOrderAdmin>;
