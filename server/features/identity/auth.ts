import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { admins, sessions } from "../../platform/db/schema";
import type { Audit } from "../audit";
import type { ServiceDeps } from "../../platform/service-deps";
import { ThrottledError, UnauthenticatedError } from "../../platform/errors";
import { type MfaMethod, mfaMethods } from "./factors";
import { hashToken } from "./token-hash";
import { consumeToken, newToken, peekToken, storeToken } from "./one-time-tokens";
import type { RecoveryCodes } from "./recovery-codes";
import type { Totp } from "./totp";
import { createLoginThrottle, failureKey, MAX_SECOND_STEP_FAILURES, secondStepKey } from "./login-throttle";
import { dummyPasswordHash, verifyPassword } from "./passwords";
import type { RateLimiter } from "../../platform/rate-limit";
import type { ClientMeta, SessionAdmin } from "../../platform/actor";

export { LOCK_MS, MAX_FAILURES } from "./login-throttle";
export const SESSION_IDLE_MS = 30 * 60_000; // ASVS L2: 30 minutes idle
export const SESSION_ABSOLUTE_MS = 12 * 3_600_000; // and 12 hours at most
const SLIDE_AFTER_MS = 60_000; // refresh last_seen at most once a minute per session
export const LOGIN_POSTS_PER_MINUTE = 10; // per client IP, both steps together: LOGIN_RATE_LIMIT's default
export const MFA_STEP_MS = 5 * 60_000; // the second step must follow within 5 minutes
const MAX_STORED_EMAIL = 254; // the longest valid address (RFC 5321)

export type { ClientMeta, SessionAdmin };
export type LoginResult = { kind: "session"; token: string; admin: SessionAdmin } | { kind: "mfa"; mfaToken: string; methods: MfaMethod[] };

const INVALID = "Invalid email or password.";
const INVALID_CODE = "That code is not valid. Try again.";
const EXPIRED_STEP = "This sign-in has expired. Start again with your e-mail and password.";
const THROTTLED = "Too many login attempts. Please wait a few minutes and try again.";

export function createAuth(deps: ServiceDeps & { audit: Audit; rateLimiter: RateLimiter; totp: Totp; recoveryCodes: RecoveryCodes }) {
  const { db, now, audit, rateLimiter, totp, recoveryCodes } = deps;
  const throttle = createLoginThrottle(deps);

  /**
   * Throttled attempts are counted per client IP, scope and minute in rate_limits; only the first of
   * each window writes an audit row (one row per throttled post would let one client write
   * ~1,300 rows of its own text in 10 s). The retention job deletes both in time.
   */
  async function noteThrottled(scope: "ip" | "account", emailKey: string, clientIp: string): Promise<void> {
    const counted = await rateLimiter.hit(`login-throttled:${scope}:${clientIp}`, 1, 60);
    if (counted.count === 1) {
      await audit.record({ action: "login.throttled", entity: "admin", detail: { email: emailKey, scope, window: "1 minute" }, clientIp });
    }
  }

  async function perIpLimit(email: string, meta: ClientMeta) {
    const perIp = await rateLimiter.hit(`login-ip:${meta.clientIp}`, deps.config.LOGIN_RATE_LIMIT, 60);
    if (perIp.allowed) return;
    await noteThrottled("ip", email, meta.clientIp);
    throw new ThrottledError(THROTTLED, perIp.retryAfterSeconds);
  }

  async function reserve(email: string, meta: ClientMeta) {
    const key = failureKey(email, meta.clientIp);
    const attempt = await throttle.reserve(key);
    if (attempt.allowed) return key;
    await noteThrottled("account", email, meta.clientIp);
    throw new ThrottledError(THROTTLED, attempt.retryAfterSeconds);
  }

  /**
   * The account-wide cap on second-step attempts: the per-address count alone let 5 guesses come from
   * each of any number of addresses. Reserved atomically like the per-address count; the attempt that
   * locks the account's second step is audited. Codes, recovery codes and passkeys draw on it alike.
   */
  async function reserveSecondStep(adminId: number, meta: ClientMeta) {
    const attempt = await throttle.reserve(secondStepKey(adminId), MAX_SECOND_STEP_FAILURES);
    if (attempt.allowed) return;
    if (attempt.justLocked) {
      await audit.record({
        adminId,
        action: "login.mfa_locked",
        entity: "admin",
        entityId: adminId,
        detail: { failures: MAX_SECOND_STEP_FAILURES, lock: "15 minutes" },
        clientIp: meta.clientIp,
      });
    }
    throw new ThrottledError(THROTTLED, attempt.retryAfterSeconds);
  }

  async function createSession(adminId: number, meta: ClientMeta): Promise<string> {
    const token = randomBytes(32).toString("base64url"); // 256 random bits
    const at = now();
    await db.insert(sessions).values({
      tokenHash: hashToken(token),
      adminId,
      createdAt: at,
      lastSeenAt: at,
      expiresAt: new Date(at.getTime() + SESSION_ABSOLUTE_MS),
      userAgent: meta.userAgent?.slice(0, 400) ?? null,
      clientIp: meta.clientIp,
    });
    return token;
  }

  /** The end of every successful sign-in (password alone, second step, passkey): a new session. */
  async function signIn(admin: SessionAdmin, meta: ClientMeta, method: string): Promise<string> {
    await throttle.clear(failureKey(admin.email, meta.clientIp));
    await throttle.clear(secondStepKey(admin.id));
    await db.update(admins).set({ lastLoginAt: now() }).where(eq(admins.id, admin.id));
    const token = await createSession(admin.id, meta);
    await audit.record({
      adminId: admin.id,
      action: "login.success",
      entity: "admin",
      entityId: admin.id,
      detail: { method },
      clientIp: meta.clientIp,
    });
    return token;
  }

  const activeAdmin = async (id: number) =>
    (
      await db
        .select({ id: admins.id, email: admins.email })
        .from(admins)
        .where(and(eq(admins.id, id), isNull(admins.disabledAt)))
        .limit(1)
    )[0];

  return {
    createSession,
    signIn,
    perIpLimit,
    reserveSecondStep,

    /** Checks the password; then a session, or (with a second factor enrolled) a token for the second step. */
    async login(email: string, password: string, meta: ClientMeta): Promise<LoginResult> {
      const emailKey = email.trim().toLowerCase().slice(0, MAX_STORED_EMAIL);
      await perIpLimit(emailKey, meta);
      await reserve(emailKey, meta);
      const [admin] = await db
        .select()
        .from(admins)
        .where(eq(sql`lower(${admins.email})`, emailKey))
        .limit(1);
      // Unknown e-mail, invited (no password yet), disabled and wrong password: same work, same answer.
      const ok = await verifyPassword(admin?.passwordHash || (await dummyPasswordHash()), password);
      if (!admin || !ok || !admin.passwordHash || admin.disabledAt) {
        await audit.record({
          adminId: admin?.id,
          action: "login.failure",
          entity: "admin",
          entityId: admin?.id,
          detail: { email: emailKey },
          clientIp: meta.clientIp,
        });
        throw new UnauthenticatedError(INVALID);
      }
      const methods = await mfaMethods(db, admin.id);
      if (methods.length === 0) {
        return { kind: "session", token: await signIn(admin, meta, "password"), admin: { id: admin.id, email: admin.email } };
      }
      // The failure count stays until the second step succeeds: a known password buys no fresh guesses.
      const mfaToken = newToken();
      await storeToken(db, { token: mfaToken, purpose: "mfa", adminId: admin.id, clientIp: meta.clientIp, at: now(), ttlMs: MFA_STEP_MS });
      await audit.record({ adminId: admin.id, action: "login.password_ok", entity: "admin", entityId: admin.id, clientIp: meta.clientIp });
      return { kind: "mfa", mfaToken, methods };
    },

    /** The second step with a TOTP code or a recovery code; throttled and counted like the first. */
    async completeMfa(mfaToken: string, proof: { code?: string; recoveryCode?: string }, meta: ClientMeta) {
      const pending = await peekToken(db, "mfa", mfaToken, now());
      const admin = pending?.adminId ? await activeAdmin(pending.adminId) : undefined;
      await perIpLimit(admin?.email.toLowerCase() ?? "", meta);
      if (!admin) throw new UnauthenticatedError(EXPIRED_STEP);
      await reserve(admin.email, meta);
      await reserveSecondStep(admin.id, meta);
      const method = proof.code ? "totp" : "recovery_code";
      const ok = proof.code ? await totp.check(admin.id, proof.code) : await recoveryCodes.use(admin.id, proof.recoveryCode ?? "");
      if (!ok) {
        await audit.record({
          adminId: admin.id,
          action: "login.mfa_failure",
          entity: "admin",
          entityId: admin.id,
          detail: { method },
          clientIp: meta.clientIp,
        });
        throw new UnauthenticatedError(INVALID_CODE);
      }
      if (!(await consumeToken(db, "mfa", mfaToken, now()))) throw new UnauthenticatedError(EXPIRED_STEP);
      return { token: await signIn(admin, meta, method), admin };
    },

    /** The admin behind a token, or null when unknown, idle too long, past its absolute expiry or disabled. */
    async sessionAdmin(token: string | undefined): Promise<SessionAdmin | null> {
      if (!token || token.length > 200) return null;
      const at = now();
      const tokenHash = hashToken(token);
      // The session check every admin call and admin page runs first.
      const [row] = await db
        .select({ id: admins.id, email: admins.email, lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .innerJoin(admins, eq(admins.id, sessions.adminId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            gt(sessions.expiresAt, at),
            gt(sessions.lastSeenAt, new Date(at.getTime() - SESSION_IDLE_MS)),
            isNull(admins.disabledAt),
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
