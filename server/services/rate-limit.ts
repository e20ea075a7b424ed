import { sql } from "drizzle-orm";
import { queryRows } from "../db/query-rows";
import type { ServiceDeps } from "./deps";

/**
 * Fixed-window counters in the database, so every app instance shares them. One atomic
 * upsert per hit: parallel requests cannot overshoot the limit.
 */
export function createRateLimiter({ db, now }: ServiceDeps) {
  return {
    /** Counts one hit on `key`; `allowed` is false once more than `limit` hits fell in this window. */
    async hit(key: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean; count: number; retryAfterSeconds: number }> {
      const nowMs = now().getTime();
      const windowMs = windowSeconds * 1000;
      const windowStart = new Date(Math.floor(nowMs / windowMs) * windowMs);
      const rows = await queryRows<{ count: number }>(db, sql`
        insert into rate_limits (key, window_start, count) values (${key}, ${windowStart.toISOString()}, 1)
        on conflict (key, window_start) do update set count = rate_limits.count + 1
        returning count`);
      const count = Number(rows[0].count);
      if (Math.random() < 0.01) {
        // Old windows are useless; sweep now and then rather than on a timer.
        await db.execute(sql`delete from rate_limits where window_start < ${new Date(nowMs - 86_400_000).toISOString()}`);
      }
      return { allowed: count <= limit, count, retryAfterSeconds: Math.ceil((windowStart.getTime() + windowMs - nowMs) / 1000) };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
