import { sql } from "drizzle-orm";
import { queryRows } from "../../platform/db/query-rows";
import { coupons, orders } from "../../platform/db/schema";
import { bare } from "../../platform/db/sql-names";
import type { StoreContext } from "./context";

const BATCH = 500;

/** What each sweep's statement answers: how many rows it changed (count(*) is bigint, text on pg). */
export type SweptCount = { n: string | number };

/**
 * The two sweeps the store jobs run. Each claims due rows with FOR UPDATE SKIP LOCKED and changes
 * them in the same statement, so several app instances never double-handle a row, and a row that
 * confirm or the webhook is changing right now is skipped (and decided by their conditional UPDATE).
 */
export function createExpiry(ctx: StoreContext) {
  const { db, now } = ctx;
  return {
    /** Pending orders past their 30 minutes fail and free their coupon. Returns how many. */
    async expirePending(): Promise<number> {
      const at = now().toISOString();
      // Raw SQL (decision 114): a data-modifying CTE, one atomic statement.
      const rows = await queryRows<SweptCount>(
        db,
        sql`with due as (
            select ${orders.id} from ${orders} where ${orders.status} = 'pending' and ${orders.expiresAt} <= ${at}
            order by ${orders.expiresAt} limit ${BATCH} for update skip locked),
          gone as (
            update ${orders} set ${bare(orders.status)} = 'failed', ${bare(orders.failureReason)} = 'expired'
            from due where ${orders.id} = due.${bare(orders.id)} returning ${orders.id}),
          freed as (
            update ${coupons} set ${bare(coupons.reservedOrderId)} = null
            where ${coupons.reservedOrderId} in (select ${bare(orders.id)} from gone) returning ${coupons.id})
          select count(*) as n from gone`,
      );
      return Number(rows[0].n);
    },
    /** Paid orders at the end of their licence term become expired. Returns how many. */
    async expireTerms(): Promise<number> {
      const at = now().toISOString();
      // Raw SQL (decision 114): a data-modifying CTE, one atomic statement.
      const rows = await queryRows<SweptCount>(
        db,
        sql`with due as (
            select ${orders.id} from ${orders} where ${orders.status} in ('placed', 'active') and ${orders.expiresAt} <= ${at}
            order by ${orders.expiresAt} limit ${BATCH} for update skip locked),
          gone as (
            update ${orders} set ${bare(orders.status)} = 'expired' from due where ${orders.id} = due.${bare(orders.id)} returning ${orders.id})
          select count(*) as n from gone`,
      );
      return Number(rows[0].n);
    },
  };
}
