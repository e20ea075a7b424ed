import { eq, sql } from "drizzle-orm";
import { loginFailures } from "../../platform/db/schema";
import type { ServiceDeps } from "../../platform/service-deps";

export const MAX_FAILURES = 5; // per account and client IP, password and second step together
export const LOCK_MS = 15 * 60_000;
/** Second-step attempts of one account from all addresses together (each address has its own 5 besides). */
export const MAX_SECOND_STEP_FAILURES = 10;

/** The throttle key of one account from one client address. */
export const failureKey = (email: string, clientIp: string) => `${email.trim().toLowerCase()}|${clientIp}`;
/** The throttle key of one account's second step from every address (no client IP contains a space). */
export const secondStepKey = (adminId: number) => `second step|admin ${adminId}`;

const lf = loginFailures;

export function createLoginThrottle({ db, now }: Pick<ServiceDeps, "db" | "now">) {
  return {
    /**
     * Reserves one attempt for this account from this IP before the secret is checked, in a single
     * atomic upsert, so parallel guesses cannot get more than MAX_FAILURES checks between them.
     * Only a complete sign-in clears the count: a known password cannot buy fresh guesses at the code.
     * `justLocked` is true for the one attempt that set the lock (the caller audits it once).
     */
    async reserve(key: string, max = MAX_FAILURES): Promise<{ allowed: boolean; retryAfterSeconds: number; justLocked: boolean }> {
      const at = now();
      const staleBefore = new Date(at.getTime() - LOCK_MS).toISOString();
      const nowIso = at.toISOString();
      const [row] = await db
        .insert(lf)
        .values({ key, failures: 1, lockedUntil: null, updatedAt: at })
        .onConflictDoUpdate({
          target: lf.key,
          set: {
            failures: sql`case
              when ${lf.lockedUntil} is not null and ${lf.lockedUntil} <= ${nowIso} then 1
              when ${lf.lockedUntil} is null and ${lf.updatedAt} < ${staleBefore} then 1
              else ${lf.failures} + 1 end`,
            lockedUntil: sql`case
              when ${lf.lockedUntil} is not null and ${lf.lockedUntil} <= ${nowIso} then null
              when ${lf.lockedUntil} is null and ${lf.failures} + 1 > ${max}
                and ${lf.updatedAt} >= ${staleBefore} then ${new Date(at.getTime() + LOCK_MS).toISOString()}::timestamptz
              else ${lf.lockedUntil} end`,
            updatedAt: at,
          },
        })
        .returning({ failures: lf.failures, lockedUntil: lf.lockedUntil });
      const lockedUntil = row.lockedUntil?.getTime() ?? 0;
      const justLocked = row.failures === max + 1;
      if (lockedUntil > at.getTime())
        return { allowed: false, retryAfterSeconds: Math.ceil((lockedUntil - at.getTime()) / 1000), justLocked };
      return { allowed: row.failures <= max, retryAfterSeconds: Math.ceil(LOCK_MS / 1000), justLocked };
    },

    clear: (key: string) => db.delete(loginFailures).where(eq(loginFailures.key, key)),
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
