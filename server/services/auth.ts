import { and, eq, gt, sql } from "drizzle-orm";
import { createHash, randomBytes } from "node:crypto";
import { admins, loginFailures, sessions } from "../db/schema";
import { HttpError } from "../http/errors";
import { queryRows } from "../db/query-rows";
import type { Audit } from "./audit";
import type { ServiceDeps } from "./deps";
import { dummyPasswordHash, verifyPassword } from "./passwords";
import type { RateLimiter } from "./rate-limit";

export const SESSION_IDLE_MS = 30 * 60_000; // ASVS L2: 30 minutes idle
export const SESSION_ABSOLUTE_MS = 12 * 3_600_000; // and 12 hours at most
const SLIDE_AFTER_MS = 60_000; // refresh last_seen at most once a minute per session
export const MAX_FAILURES = 5; // per account and client IP
export const LOCK_MS = 15 * 60_000;
export const LOGIN_POSTS_PER_MINUTE = 10; // per client IP
const MAX_STORED_EMAIL = 254; // the longest valid address (RFC 5321)

export type SessionAdmin = { id: number; email: string };

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const INVALID = "Invalid email or password.";

export function createAuth(deps: ServiceDeps & { audit: Audit; rateLimiter: RateLimiter }) {
  const { db, now, audit, rateLimiter } = deps;

  /**
   * Reserves one attempt for this account from this IP before the password is checked, in a single
   * atomic upsert, so parallel guesses cannot get more than MAX_FAILURES checks between them.
   */
  async function reserveAttempt(key: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
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
  }

  /**
   * Throttled attempts are counted per client IP, scope and minute in rate_limits; only the first of
   * each window writes an audit row (issue 11 finding 3: one row per throttled post let one client
   * write ~1,300 rows of its own text in 10 s). The retention job deletes both in time.
   */
  async function noteThrottled(scope: "ip" | "account", emailKey: string, clientIp: string): Promise<void> {
    const counted = await rateLimiter.hit(`login-throttled:${scope}:${clientIp}`, 1, 60);
    if (counted.count === 1) {
      await audit.record({ action: "login.throttled", entity: "admin", detail: { email: emailKey, scope, window: "1 minute" }, clientIp });
    }
  }

  async function createSession(adminId: number): Promise<string> {
    const token = randomBytes(32).toString("base64url"); // 256 random bits
    const at = now();
    await db.insert(sessions).values({
      tokenHash: hashToken(token),
      adminId,
      createdAt: at,
      lastSeenAt: at,
      expiresAt: new Date(at.getTime() + SESSION_ABSOLUTE_MS),
    });
    return token;
  }

  return {
    /** Checks the credentials; on success a new session token. Throws 401 or 429. */
    async login(email: string, password: string, clientIp: string): Promise<{ token: string; admin: SessionAdmin }> {
      // Attacker-chosen text is stored in keys and audit rows: bounded whatever the caller validated.
      const emailKey = email.trim().toLowerCase().slice(0, MAX_STORED_EMAIL);
      const perIp = await rateLimiter.hit(`login-ip:${clientIp}`, LOGIN_POSTS_PER_MINUTE, 60);
      const throttled = (retrySeconds: number) =>
        new HttpError(429, "Too many login attempts. Please wait a few minutes and try again.", undefined, {
          "Retry-After": String(retrySeconds),
        });
      if (!perIp.allowed) {
        await noteThrottled("ip", emailKey, clientIp);
        throw throttled(perIp.retryAfterSeconds);
      }
      const failureKey = `${emailKey}|${clientIp}`;
      const attempt = await reserveAttempt(failureKey);
      if (!attempt.allowed) {
        await noteThrottled("account", emailKey, clientIp);
        throw throttled(attempt.retryAfterSeconds);
      }
      const [admin] = await db
        .select()
        .from(admins)
        .where(eq(sql`lower(${admins.email})`, emailKey))
        .limit(1);
      // Unknown e-mail and wrong password take the same work and get the same answer.
      const ok = await verifyPassword(admin?.passwordHash ?? (await dummyPasswordHash()), password);
      if (!admin || !ok) {
        await audit.record({
          adminId: admin?.id,
          action: "login.failure",
          entity: "admin",
          entityId: admin?.id,
          detail: { email: emailKey },
          clientIp,
        });
        throw new HttpError(401, INVALID);
      }
      await db.delete(loginFailures).where(eq(loginFailures.key, failureKey));
      await db.update(admins).set({ lastLoginAt: now() }).where(eq(admins.id, admin.id));
      const token = await createSession(admin.id);
      await audit.record({ adminId: admin.id, action: "login.success", entity: "admin", entityId: admin.id, clientIp });
      return { token, admin: { id: admin.id, email: admin.email } };
    },

    /** The admin behind a token, or null when unknown, idle too long or past its absolute expiry. */
    async sessionAdmin(token: string | undefined): Promise<SessionAdmin | null> {
      if (!token || token.length > 200) return null;
      const at = now();
      const tokenHash = hashToken(token);
      const [row] = await db
        .select({ id: admins.id, email: admins.email, lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .innerJoin(admins, eq(admins.id, sessions.adminId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            gt(sessions.expiresAt, at),
            gt(sessions.lastSeenAt, new Date(at.getTime() - SESSION_IDLE_MS)),
          ),
        )
        .limit(1);
      if (!row) return null;
      if (at.getTime() - row.lastSeenAt.getTime() > SLIDE_AFTER_MS) {
        await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.tokenHash, tokenHash));
      }
      return { id: row.id, email: row.email };
    },

    async logout(token: string, adminId: number, clientIp: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
      await audit.record({ adminId, action: "logout", entity: "admin", entityId: adminId, clientIp });
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;
