import { eq, sql } from "drizzle-orm";
import { loginFailures } from "../db/schema";
import { queryRows } from "../db/query-rows";
import { bare, names } from "../db/sql-names";
import type { ServiceDeps } from "./deps";

export const MAX_FAILURES = 5; // per account and client IP, password and second step together
export const LOCK_MS = 15 * 60_000;

/** The throttle key of one account from one client address. */
export const failureKey = (email: string, clientIp: string) => `${email.trim().toLowerCase()}|${clientIp}`;

const lf = loginFailures;

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
        insert into ${lf} (${names(lf.key, lf.failures, lf.lockedUntil, lf.updatedAt)}) values (${key}, 1, null, ${nowIso})
        on conflict (${bare(lf.key)}) do update set
          ${bare(lf.failures)} = case
            when ${lf.lockedUntil} is not null and ${lf.lockedUntil} <= ${nowIso} then 1
            when ${lf.lockedUntil} is null and ${lf.updatedAt} < ${staleBefore} then 1
            else ${lf.failures} + 1 end,
          ${bare(lf.lockedUntil)} = case
            when ${lf.lockedUntil} is not null and ${lf.lockedUntil} <= ${nowIso} then null
            when ${lf.lockedUntil} is null and ${lf.failures} + 1 > ${MAX_FAILURES}
              and ${lf.updatedAt} >= ${staleBefore} then ${new Date(at.getTime() + LOCK_MS).toISOString()}::timestamptz
            else ${lf.lockedUntil} end,
          ${bare(lf.updatedAt)} = ${nowIso}
        returning ${lf.failures} as failures, ${lf.lockedUntil} as locked_until`,
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
