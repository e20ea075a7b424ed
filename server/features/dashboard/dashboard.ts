import { DAY_MS, indiaDate, indiaDayStart } from "../../../contract/time";
import { fromMinor } from "../../../contract/money";
import { and, gte, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { DASHBOARD_DEFAULT_DAYS, type Dashboard } from "../../../contract/dashboard";
import { orderDailyCounts, orderDailyProductCounts, orders, products, refundDailyCounts, statCounters } from "../../platform/db/schema";
import { queryRows } from "../../platform/db/query-rows";
import type { ServiceDeps } from "../../platform/service-deps";
import { descNullsLast } from "../../platform/db/newest-first";

export const DASHBOARD_PAY_IDS = 20;

const dp = alias(orderDailyProductCounts, "dp");
const p = alias(products, "p");
const rd = alias(refundDailyCounts, "rd");

/** A row of the per-product split as read raw (bigint sums are text on PostgreSQL). */
export type ProductSplitRow = { product_id: string; product_name: string; orders: string | number; revenue_minor: string | number };
/** A row of the period's processed refunds as read raw. */
export type RefundDayRow = { day: string; product_id: string; amount_minor: string | number };

/** The last `days` India days ending with India's day of `today`, oldest first (the summaries count India days). */
export function lastDays(today: Date, days = DASHBOARD_DEFAULT_DAYS): string[] {
  const start = indiaDayStart(indiaDate(today)).getTime();
  return Array.from({ length: days }, (_, i) => indiaDate(start - (days - 1 - i) * DAY_MS));
}

/**
 * The overview reads only the summaries the triggers maintain (stat_counters, order_daily_counts,
 * order_daily_product_counts) and the refunds' (refund_daily_counts, written with each processed refund)
 * and the newest 20 payment ids through orders_created_idx: a few rows however many orders exist.
 */
export function createDashboard({ db, now }: ServiceDeps) {
  return {
    /** `range` days ending today (India); 10 is the overview's default. */
    async overview(range = DASHBOARD_DEFAULT_DAYS): Promise<Dashboard> {
      const days = lastDays(now(), range);
      const [counters, daily, recent, split, refunded] = await Promise.all([
        db
          .select()
          .from(statCounters)
          .where(inArray(statCounters.name, ["orders_placed", "orders_active", "orders_expired", "customers"])),
        db
          .select()
          .from(orderDailyCounts)
          .where(and(gte(orderDailyCounts.day, days[0]), lte(orderDailyCounts.day, days[days.length - 1]))),
        db
          .select({ paymentId: orders.paymentId })
          .from(orders)
          // Pending and failed orders have no payment id and are not on the overview.
          .where(isNotNull(orders.paymentId))
          .orderBy(descNullsLast(orders.createdAt), descNullsLast(orders.id))
          .limit(DASHBOARD_PAY_IDS),
        // Per product, from the summary the same trigger keeps per day and product (migration 0009):
        // reading the period's orders themselves took 30 ms on PGlite at a million orders.
        // Raw SQL (decision 114): the dashboard's summary read, measured in the bench (dashboard, 1,000,000 orders).
        queryRows<ProductSplitRow>(
          db,
          sql`select ${dp.productId} as product_id, ${p.name} as product_name, sum(${dp.count}) as orders, sum(${dp.revenueMinor}) as revenue_minor
              from ${orderDailyProductCounts} ${dp} join ${products} ${p} on ${p.id} = ${dp.productId}
              where ${dp.day} >= ${days[0]} and ${dp.day} <= ${days[days.length - 1]}
              group by ${dp.productId}, ${p.name} having sum(${dp.count}) > 0
              order by revenue_minor desc, ${dp.productId}`,
        ),
        // Processed refunds of the period per day and product: at most days x products rows.
        // Raw SQL (decision 114): the dashboard's summary read, measured in the bench (dashboard, 1,000,000 orders).
        queryRows<RefundDayRow>(
          db,
          sql`select ${rd.day}::text as day, ${rd.productId} as product_id, ${rd.amountMinor} as amount_minor
              from ${refundDailyCounts} ${rd} where ${rd.day} >= ${days[0]} and ${rd.day} <= ${days[days.length - 1]}`,
        ),
      ]);
      const counter = (name: string) => counters.find((c) => c.name === name)?.value ?? 0;
      const perDay = new Map(daily.map((d) => [d.day, d.count]));
      // Revenue net of refunds: sales on the day they were paid, refunds off on the day they were processed.
      const refundsPerDay = new Map<string, number>();
      const refundsPerProduct = new Map<string, number>();
      for (const r of refunded) {
        refundsPerDay.set(r.day, (refundsPerDay.get(r.day) ?? 0) + Number(r.amount_minor));
        refundsPerProduct.set(r.product_id, (refundsPerProduct.get(r.product_id) ?? 0) + Number(r.amount_minor));
      }
      const refundsMinor = [...refundsPerDay.values()].reduce((sum, v) => sum + v, 0);
      const revenuePerDay = new Map(daily.map((d) => [d.day, d.revenueMinor]));
      const totalMinor = daily.reduce((sum, d) => sum + d.revenueMinor, 0) - refundsMinor;
      return {
        placedOrders: counter("orders_placed"),
        activeOrders: counter("orders_active"),
        expiredOrders: counter("orders_expired"),
        registeredUsers: counter("customers"),
        transactionsByDate: days.map((date) => ({ date, count: perDay.get(date) ?? 0 })),
        payIds: recent.map((r) => r.paymentId ?? ""),
        revenue: fromMinor(totalMinor),
        refunds: fromMinor(refundsMinor),
        revenueByDate: days.map((date) => ({
          date,
          revenue: fromMinor((revenuePerDay.get(date) ?? 0) - (refundsPerDay.get(date) ?? 0)),
          refunds: fromMinor(refundsPerDay.get(date) ?? 0),
        })),
        byProduct: split
          .map((r) => ({ ...r, net_minor: Number(r.revenue_minor) - (refundsPerProduct.get(r.product_id) ?? 0) }))
          .sort((a, b) => b.net_minor - a.net_minor || a.product_id.localeCompare(b.product_id))
          .map((r) => ({
            product_id: r.product_id,
            product_name: r.product_name,
            orders: Number(r.orders),
            revenue: fromMinor(r.net_minor),
            refunds: fromMinor(refundsPerProduct.get(r.product_id) ?? 0),
          })),
      };
    },
  };
}
