import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { admins, sessions } from "../../platform/db/schema";
import type { Audit } from "../audit";
import type { ClientMeta } from "./auth";
import type { ServiceDeps } from "../../platform/service-deps";
import { InvalidInputError, ThrottledError } from "../../platform/errors";
import { adminPasswordProblem, hashPassword } from "./passwords";
import type { RateLimiter } from "../../platform/rate-limit";
import { enqueueLinkMail } from "./identity-mail";
import { consumeToken, dropTokens, newToken, peekToken, storeToken } from "./one-time-tokens";

export const RESET_MS = 30 * 60_000;
const FORGOT_PER_IP_PER_MINUTE = 5;
const INVALID_LINK = "This reset link is not valid any more. Ask for a new one.";

/** Forgotten password: a single-use link valid 30 minutes, mailed through the outbox; using it ends every session. */
export function createPasswordReset(deps: ServiceDeps & { audit: Audit; rateLimiter: RateLimiter; log?: (error: unknown) => void }) {
  const { db, now, audit, rateLimiter, config } = deps;

  async function issue(email: string, meta: ClientMeta): Promise<void> {
    const emailKey = email.trim().toLowerCase();
    await db.transaction(async (tx) => {
      const [admin] = await tx
        .select({ id: admins.id, email: admins.email })
        .from(admins)
        .where(and(eq(sql`lower(${admins.email})`, emailKey), isNull(admins.disabledAt), ne(admins.passwordHash, "")))
        .limit(1);
      if (!admin) {
        await audit.record(
          { action: "password.reset_requested", entity: "admin", detail: { email: emailKey, known: false }, clientIp: meta.clientIp },
          tx,
        );
        return;
      }
      const token = newToken();
      await dropTokens(tx, admin.id, "reset"); // a new link voids the older ones
      await storeToken(tx, { token, purpose: "reset", adminId: admin.id, clientIp: meta.clientIp, at: now(), ttlMs: RESET_MS });
      await enqueueLinkMail(tx, config, {
        kind: "admin-password-reset",
        to: admin.email,
        subject: "Reset your admin password",
        intro: `Someone (from ${meta.clientIp}) asked to reset the admin password of ${admin.email} on ${new URL(config.publicOrigin).host}.`,
        action: "Choose a new password",
        path: "/admin/reset-password",
        token,
        adminId: admin.id,
        validity: "30 minutes",
      });
      await audit.record(
        {
          adminId: admin.id,
          action: "password.reset_requested",
          entity: "admin",
          entityId: admin.id,
          detail: { email: emailKey },
          clientIp: meta.clientIp,
        },
        tx,
      );
    });
  }

  return {
    /**
     * Always the same answer, in the same time: after the per-address throttle, the lookup and the
     * mail are written after the answer is sent, so neither the status nor the timing tells whether
     * the e-mail belongs to an admin. Resolves `done` when the work is written (tests wait for it).
     */
    async forgot(email: string, meta: ClientMeta): Promise<{ done: Promise<void> }> {
      const limit = await rateLimiter.hit(`forgot-ip:${meta.clientIp}`, FORGOT_PER_IP_PER_MINUTE, 60);
      if (!limit.allowed) throw new ThrottledError("Too many requests. Please wait a minute and try again.", limit.retryAfterSeconds);
      const done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => issue(email, meta));
      done.catch((error: unknown) => (deps.log ?? console.error)(error));
      return { done: done.catch(() => undefined) };
    },

    /** Sets the new password and revokes every session of the admin; the link works once. */
    async reset(token: string, password: string, meta: ClientMeta) {
      const pending = await peekToken(db, "reset", token, now());
      const [admin] = pending?.adminId
        ? await db
            .select()
            .from(admins)
            .where(and(eq(admins.id, pending.adminId), isNull(admins.disabledAt)))
        : [];
      if (!admin) throw new InvalidInputError(INVALID_LINK, { token: "Expired or used." });
      // The password is checked before the token is used, so a refused password does not burn the link.
      const problem = adminPasswordProblem(password, admin.email);
      if (problem) throw new InvalidInputError(problem, { password: problem });
      const passwordHash = await hashPassword(password);
      if (!(await consumeToken(db, "reset", token, now()))) throw new InvalidInputError(INVALID_LINK, { token: "Expired or used." });
      const ended = await db.transaction(async (tx) => {
        await tx.update(admins).set({ passwordHash }).where(eq(admins.id, admin.id));
        await dropTokens(tx, admin.id, "reset"); // any other link mailed before this reset is void too
        const gone = await tx.delete(sessions).where(eq(sessions.adminId, admin.id)).returning({ id: sessions.id });
        await audit.record(
          {
            adminId: admin.id,
            action: "password.reset",
            entity: "admin",
            entityId: admin.id,
            detail: { sessions_ended: gone.length },
            clientIp: meta.clientIp,
          },
          tx,
        );
        return gone.length;
      });
      return { email: admin.email, sessionsEnded: ended };
    },
  };
}

export type PasswordReset = ReturnType<typeof createPasswordReset>;
