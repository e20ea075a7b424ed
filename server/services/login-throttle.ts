import { eq, sql } from "drizzle-orm";
import { loginFailures } from "../db/schema";
import { queryRows } from "../db/query-rows";
import type { ServiceDeps } from "./deps";

export const MAX_FAILURES = 5; // per account and client IP, password and second step together
export const LOCK_MS = 15 * 60_000;

/** The throttle key of one account from one client address. */
export const failureKey = (email: string, clientIp: string) => `${email.trim().toLowerCase()}|${clientIp}`;

export function createLoginThrottle({ db, now }: Pick<ServiceDeps, "db" | "now">) {
  return {
    /**
     * Reserves one attempt for this account from this IP before the secret is checked, in a single
     * atomic upsert, so parallel guesses cannot get more than MAX_FAILURES checks between them.
     * Only a complete sign-in clears the count: a known password cannot buy fresh guesses at the code.
     */
    async reserve(key: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
      const at = now();
      const staleBefore = new Date(at.getTime() - LOCK_MS).toISOString();
      const nowIso = at.toISOString();
      const rows = await queryRows<{ failures: number; locked_until: string | Date | null }>(
        db,
        sql`
        insert into login_failures (key, failures, locked_until, updated_at) values (${key}, 1, null, ${nowIso})
        on conflict (key) do update set
          failures = case
            when login_failures.locked_until is not null and login_failures.locked_until <= ${nowIso} then 1
            when login_failures.locked_until is null and login_failures.updated_at < ${staleBefore} then 1
            else login_failures.failures + 1 end,
          locked_until = case
            when login_failures.locked_until is not null and login_failures.locked_until <= ${nowIso} then null
            when login_failures.locked_until is null and login_failures.failures + 1 > ${MAX_FAILURES}
              and login_failures.updated_at >= ${staleBefore} then ${new Date(at.getTime() + LOCK_MS).toISOString()}::timestamptz
            else login_failures.locked_until end,
          updated_at = ${nowIso}
        returning failures, locked_until`,
      );
      const row = rows[0];
      const lockedUntil = row.locked_until ? new Date(row.locked_until).getTime() : 0;
      if (lockedUntil > at.getTime()) return { allowed: false, retryAfterSeconds: Math.ceil((lockedUntil - at.getTime()) / 1000) };
      return { allowed: Number(row.failures) <= MAX_FAILURES, retryAfterSeconds: Math.ceil(LOCK_MS / 1000) };
    },

    clear: (key: string) => db.delete(loginFailures).where(eq(loginFailures.key, key)),
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
