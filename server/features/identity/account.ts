import { and, asc, desc, eq, gt, ne } from "drizzle-orm";
import { adminPasskeys, admins, sessions } from "../../platform/db/schema";
import type { Audit } from "../audit";
import { SESSION_IDLE_MS, type ClientMeta, type SessionAdmin } from "./auth";
import { hashToken } from "./token-hash";
import type { ServiceDeps } from "../../platform/service-deps";
import { ForbiddenError, InvalidInputError, NotFoundError, ThrottledError } from "../../platform/errors";
import { adminPasswordProblem, hashPassword, verifyPassword } from "./passwords";
import type { RateLimiter } from "../../platform/rate-limit";
import { deviceSummary } from "./device";
import { mfaMethods } from "./factors";
import { dropTokens } from "./one-time-tokens";
import type { RecoveryCodes } from "./recovery-codes";
import type { Totp } from "./totp";

const PASSWORD_CHECKS_PER_15_MIN = 5; // a stolen session cannot guess the current password at leisure
export const ENROL_FIRST = "This site requires a second factor. Set up an authenticator app or a passkey on the Account screen first.";

/** The signed-in admin's own account: password, sessions, second factors (the Account screen). */
export function createAccount(deps: ServiceDeps & { audit: Audit; rateLimiter: RateLimiter; totp: Totp; recoveryCodes: RecoveryCodes }) {
  const { db, now, audit, rateLimiter, totp, recoveryCodes } = deps;
  async function mustEnrol(adminId: number): Promise<boolean> {
    if (!deps.config.ADMIN_MFA_REQUIRED) return false;
    const methods = await mfaMethods(db, adminId);
    return !methods.includes("totp") && !methods.includes("passkey");
  }
  return {
    /** Changes the password after checking the current one; every other session of the admin ends. */
    async changePassword(
      admin: SessionAdmin,
      input: { currentPassword: string; newPassword: string },
      sessionToken: string,
      meta: ClientMeta,
    ) {
      const limit = await rateLimiter.hit(`password-change:${admin.id}`, PASSWORD_CHECKS_PER_15_MIN, 900);
      if (!limit.allowed) throw new ThrottledError("Too many password checks. Please wait a few minutes.", limit.retryAfterSeconds);
      const [row] = await db.select({ hash: admins.passwordHash }).from(admins).where(eq(admins.id, admin.id));
      if (!row || !(await verifyPassword(row.hash, input.currentPassword))) {
        await audit.record({
          adminId: admin.id,
          action: "password.change_failure",
          entity: "admin",
          entityId: admin.id,
          clientIp: meta.clientIp,
        });
        throw new InvalidInputError("The current password is not right.", { current_password: "The current password is not right." });
      }
      const problem = adminPasswordProblem(input.newPassword, admin.email);
      if (problem) throw new InvalidInputError(problem, { new_password: problem });
      const passwordHash = await hashPassword(input.newPassword);
      const revoked = await db.transaction(async (tx) => {
        await tx.update(admins).set({ passwordHash }).where(eq(admins.id, admin.id));
        // A reset link mailed before the change would otherwise undo it: every pending one is void.
        await dropTokens(tx, admin.id, "reset");
        const gone = await tx
          .delete(sessions)
          .where(and(eq(sessions.adminId, admin.id), ne(sessions.tokenHash, hashToken(sessionToken))))
          .returning({ id: sessions.id });
        await audit.record(
          {
            adminId: admin.id,
            action: "password.change",
            entity: "admin",
            entityId: admin.id,
            detail: { sessions_revoked: gone.length },
            clientIp: meta.clientIp,
          },
          tx,
        );
        return gone.length;
      });
      return { sessionsRevoked: revoked };
    },

    /** The admin's live sessions, most recently used first; `current` marks the one asking. */
    async sessions(adminId: number, sessionToken: string) {
      const at = now();
      const rows = await db
        .select()
        .from(sessions)
        .where(
          and(eq(sessions.adminId, adminId), gt(sessions.expiresAt, at), gt(sessions.lastSeenAt, new Date(at.getTime() - SESSION_IDLE_MS))),
        )
        .orderBy(desc(sessions.lastSeenAt))
        .limit(100);
      const mine = hashToken(sessionToken);
      return rows.map((s) => ({
        id: s.id,
        device: deviceSummary(s.userAgent),
        client_ip: s.clientIp,
        created_at: s.createdAt.toISOString(),
        last_used_at: s.lastSeenAt.toISOString(),
        current: s.tokenHash === mine,
      }));
    },

    async revokeSession(adminId: number, sessionId: number, meta: ClientMeta): Promise<void> {
      const gone = await db
        .delete(sessions)
        .where(and(eq(sessions.adminId, adminId), eq(sessions.id, sessionId)))
        .returning({ id: sessions.id });
      if (gone.length === 0) throw new NotFoundError("No such session.");
      await audit.record({ adminId, action: "session.revoke", entity: "session", entityId: sessionId, clientIp: meta.clientIp });
    },

    /** True when ADMIN_MFA_REQUIRED and this admin has no second factor yet. */
    mustEnrol,

    /**
     * The guard every admin operation and admin page runs after the session check (server/api/require-admin.ts,
     * app/routes/admin/session.server.ts): with ADMIN_MFA_REQUIRED, nothing but enrolment until a factor is on.
     */
    async requireEnrolled(adminId: number): Promise<void> {
      if (await mustEnrol(adminId)) throw new ForbiddenError(ENROL_FIRST);
    },

    /** What the Account screen shows of the second factors. */
    async factors(adminId: number) {
      const passkeys = await db
        .select({
          id: adminPasskeys.id,
          name: adminPasskeys.name,
          createdAt: adminPasskeys.createdAt,
          lastUsedAt: adminPasskeys.lastUsedAt,
        })
        .from(adminPasskeys)
        .where(eq(adminPasskeys.adminId, adminId))
        .orderBy(asc(adminPasskeys.id));
      return {
        totp: await totp.isEnabled(adminId),
        recovery_codes_left: await recoveryCodes.remaining(adminId),
        passkeys: passkeys.map((p) => ({
          id: p.id,
          name: p.name,
          created_at: p.createdAt.toISOString(),
          last_used_at: p.lastUsedAt?.toISOString() ?? null,
        })),
      };
    },
  };
}

export type Account = ReturnType<typeof createAccount>;
