import { sql } from "drizzle-orm";
import { queryRows } from "../../db/query-rows";
import type { StoreContext } from "./context";

const BATCH = 500;

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
      const rows = await queryRows<{ n: string }>(
        db,
        sql`with due as (
            select id from orders where status = 'pending' and expires_at <= ${at} order by expires_at limit ${BATCH} for update skip locked),
          gone as (
            update orders o set status = 'failed', failure_reason = 'expired' from due where o.id = due.id returning o.id),
          freed as (
            update coupons set reserved_order_id = null where reserved_order_id in (select id from gone) returning id)
          select count(*) as n from gone`,
      );
      return Number(rows[0].n);
    },
    /** Paid orders at the end of their licence term become expired. Returns how many. */
    async expireTerms(): Promise<number> {
      const at = now().toISOString();
      const rows = await queryRows<{ n: string }>(
        db,
        sql`with due as (
            select id from orders where status in ('placed', 'active') and expires_at <= ${at} order by expires_at limit ${BATCH} for update skip locked),
          gone as (
            update orders o set status = 'expired' from due where o.id = due.id returning o.id)
          select count(*) as n from gone`,
      );
      return Number(rows[0].n);
    },
  };
}
