import { DAY_MS } from "../../contract/time";
import { fromMinor } from "../../contract/money";
import { and, gte, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { DASHBOARD_DEFAULT_DAYS, type Dashboard } from "../../contract/dashboard";
import { orderDailyCounts, orders, products, productVersions, statCounters } from "../db/schema";
import { queryRows } from "../db/query-rows";
import type { ServiceDeps } from "./deps";
import { descNullsLast } from "../db/newest-first";

export const DASHBOARD_PAY_IDS = 20;

const o = alias(orders, "o");
const pv = alias(productVersions, "pv");
const p = alias(products, "p");

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** The last `days` UTC days ending with the day of `today`, oldest first. */
export function lastDays(today: Date, days = DASHBOARD_DEFAULT_DAYS): string[] {
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) => utcDay(new Date(start - (days - 1 - i) * DAY_MS)));
}

/**
 * The overview reads only the summaries the triggers maintain (stat_counters, order_daily_counts)
 * and the newest 20 payment ids through orders_created_idx: a few rows however many orders exist.
 */
export function createDashboard({ db, now }: ServiceDeps) {
  return {
    /** `range` days ending today (UTC); 10 is SPEC's overview. */
    async overview(range = DASHBOARD_DEFAULT_DAYS): Promise<Dashboard> {
      const days = lastDays(now(), range);
      const start = new Date(`${days[0]}T00:00:00Z`);
      const [counters, daily, recent, split] = await Promise.all([
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
        // Per product, counted by the day paid as order_daily_counts is. The created_at bound (a paid
        // order is paid within a day of its creation) lets orders_created_idx narrow the rows first.
        queryRows<{ product_id: string; product_name: string; orders: string | number; revenue_minor: string | number }>(
          db,
          sql`select ${pv.productId}, ${p.name} as product_name, count(*) as orders, sum(${o.amountPaidMinor}) as revenue_minor
              from ${orders} ${o} join ${productVersions} ${pv} on ${pv.id} = ${o.productVersionId}
                join ${products} ${p} on ${p.id} = ${pv.productId}
              where ${o.status} in ('placed', 'active', 'expired') and ${o.createdAt} >= ${new Date(start.getTime() - DAY_MS).toISOString()}
                and coalesce(${o.paidAt}, ${o.createdAt}) >= ${start.toISOString()}
              group by ${pv.productId}, ${p.name} order by revenue_minor desc, ${pv.productId}`,
        ),
      ]);
      const counter = (name: string) => Number(counters.find((c) => c.name === name)?.value ?? 0);
      const perDay = new Map(daily.map((d) => [d.day, Number(d.count)]));
      const revenuePerDay = new Map(daily.map((d) => [d.day, Number(d.revenueMinor)]));
      const totalMinor = daily.reduce((sum, d) => sum + Number(d.revenueMinor), 0);
      return {
        placedOrders: counter("orders_placed"),
        activeOrders: counter("orders_active"),
        expiredOrders: counter("orders_expired"),
        registeredUsers: counter("customers"),
        transactionsByDate: days.map((date) => ({ date, count: perDay.get(date) ?? 0 })),
        payIds: recent.map((r) => r.paymentId ?? ""),
        revenue: fromMinor(totalMinor),
        revenueByDate: days.map((date) => ({ date, revenue: fromMinor(revenuePerDay.get(date) ?? 0) })),
        byProduct: split.map((r) => ({
          product_id: r.product_id,
          product_name: r.product_name,
          orders: Number(r.orders),
          revenue: fromMinor(Number(r.revenue_minor)),
        })),
      };
    },
  };
}
