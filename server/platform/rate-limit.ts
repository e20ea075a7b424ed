import { sql } from "drizzle-orm";
import { queryRows } from "./db/query-rows";
import { rateLimits } from "./db/schema";
import { bare, names } from "./db/sql-names";
import { ThrottledError } from "./errors";
import type { ServiceDeps } from "./service-deps";

/** What a counter's upsert answers: the window's count after it (an integer column, a number on both drivers). */
type CountRow = { count: number };

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
      // Raw SQL (decision 114): the rate limiter, a hot path measured in the bench.
      const rows = await queryRows<CountRow>(
        db,
        sql`
        insert into ${rateLimits} (${names(rateLimits.key, rateLimits.windowStart, rateLimits.count)})
        values (${key}, ${window.start.toISOString()}, 1)
        on conflict (${names(rateLimits.key, rateLimits.windowStart)}) do update set ${bare(rateLimits.count)} = ${rateLimits.count} + 1
        returning ${rateLimits.count} as count`,
      );
      const { count } = rows[0];
      // Old windows are deleted by the retention job (server/platform/db/retention.ts), not here.
      return { allowed: count <= limit, count, retryAfterSeconds: window.retryAfterSeconds };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * The same per-window limit for a hot read-only path (licence validation), without a database write
 * per hit (docs/decisions/020-leased-rate-limit.md). A process takes hits from the shared counter in
 * leases: one atomic upsert adds `n` to the window's row and grants the part of `n` still under the
 * limit (row locks serialise the leases of every instance, so the grants of all instances together
 * never exceed the limit); the granted hits are then spent from memory. A key's first lease in a
 * window is 1 hit, so an occasional caller costs one upsert per call, as with an exact limiter;
 * each further lease doubles, up to a tenth of the limit (`maxLease` at most). The price: hits leased but unspent by one
 * instance are refused to the others, so a client may be refused up to (instances - 1) × (cap - 1)
 * hits early, never late. A key found over the limit is refused from memory until its window ends.
 */
export function createLeasedRateLimiter({ db, now }: Pick<ServiceDeps, "db" | "now">, maxLease = 1024) {
  type Lease = { windowStartMs: number; left: number; next: number; spent: number; full: boolean; claim?: Promise<void> };
  const leases = new Map<string, Lease>();
  let currentWindowMs = 0;

  async function claim(key: string, lease: Lease, windowStart: Date, n: number, limit: number): Promise<void> {
    // Raw SQL (decision 114): the leased rate limiter of licence validation, a hot path measured in the bench.
    const rows = await queryRows<CountRow>(
      db,
      sql`
      insert into ${rateLimits} (${names(rateLimits.key, rateLimits.windowStart, rateLimits.count)})
      values (${key}, ${windowStart.toISOString()}, ${n})
      on conflict (${names(rateLimits.key, rateLimits.windowStart)})
        do update set ${bare(rateLimits.count)} = ${rateLimits.count} + excluded.${bare(rateLimits.count)}
      returning ${rateLimits.count} as count`,
    );
    const before = rows[0].count - n;
    const granted = Math.max(0, Math.min(n, limit - before));
    lease.left += granted;
    if (granted < n) lease.full = true;
  }

  return {
    /** Counts one hit on `key`; `allowed` is false once the instances together hold `limit` hits of this window. */
    async hit(key: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean; count: number; retryAfterSeconds: number }> {
      const cap = Math.max(1, Math.min(maxLease, Math.floor(limit / 10)));
      for (;;) {
        const window = rateWindow(now().getTime(), windowSeconds);
        const startMs = window.start.getTime();
        if (startMs !== currentWindowMs) {
          // A new window: the old leases are worthless (and the map stays as small as one window's callers).
          for (const [k, l] of leases) if (l.windowStartMs < startMs) leases.delete(k);
          currentWindowMs = startMs;
        }
        let lease = leases.get(key);
        if (!lease || lease.windowStartMs !== startMs) {
          lease = { windowStartMs: startMs, left: 0, next: 1, spent: 0, full: false };
          leases.set(key, lease);
        }
        if (lease.left > 0) {
          lease.left--;
          lease.spent++;
          return { allowed: true, count: lease.spent, retryAfterSeconds: window.retryAfterSeconds };
        }
        if (lease.full) return { allowed: false, count: lease.spent + 1, retryAfterSeconds: window.retryAfterSeconds };
        if (!lease.claim) {
          const current = lease;
          const n = Math.min(current.next, cap);
          current.next = Math.min(current.next * 2, cap);
          current.claim = claim(key, current, window.start, n, limit).finally(() => (current.claim = undefined));
        }
        // Callers arriving while a lease is being taken wait for it, then spend from it.
        await lease.claim;
      }
    },
  };
}

/** Counts one call of `key` against `limit` a minute; over it, the throttled error with its Retry-After. */
export async function throttlePerMinute(limiter: RateLimiter, key: string, limit: number): Promise<void> {
  const hit = await limiter.hit(key, limit, 60);
  if (!hit.allowed)
    throw new ThrottledError("Too many requests from your address. Please wait a minute and try again.", hit.retryAfterSeconds);
}
