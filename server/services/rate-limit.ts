import { sql } from "drizzle-orm";
import { queryRows } from "../db/query-rows";
import type { ServiceDeps } from "./deps";

/** The fixed window holding `nowMs`, and the whole seconds until it ends (for Retry-After). */
export function rateWindow(nowMs: number, windowSeconds: number): { start: Date; retryAfterSeconds: number } {
  const windowMs = windowSeconds * 1000;
  const startMs = Math.floor(nowMs / windowMs) * windowMs;
  return { start: new Date(startMs), retryAfterSeconds: Math.ceil((startMs + windowMs - nowMs) / 1000) };
}

/**
 * Fixed-window counters in the database, so every app instance shares them. One atomic
 * upsert per hit: parallel requests cannot overshoot the limit. (The contact form counts its
 * hits in batches instead: contact-writer.ts.)
 */
export function createRateLimiter({ db, now }: ServiceDeps) {
  return {
    /** Counts one hit on `key`; `allowed` is false once more than `limit` hits fell in this window. */
    async hit(key: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean; count: number; retryAfterSeconds: number }> {
      const nowMs = now().getTime();
      const window = rateWindow(nowMs, windowSeconds);
      const rows = await queryRows<{ count: number }>(
        db,
        sql`
        insert into rate_limits (key, window_start, count) values (${key}, ${window.start.toISOString()}, 1)
        on conflict (key, window_start) do update set count = rate_limits.count + 1
        returning count`,
      );
      const count = Number(rows[0].count);
      // Old windows are deleted by the retention job (server/jobs/retention.ts), not here.
      return { allowed: count <= limit, count, retryAfterSeconds: window.retryAfterSeconds };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
