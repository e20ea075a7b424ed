import { and, asc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { adminPasskeys, admins, adminTotp, authTokens, sessions } from "../../platform/db/schema";
import { qualified } from "../../platform/db/sql-names";
import type { Audit } from "../audit";
import type { ClientMeta, SessionAdmin } from "./auth";
import type { ServiceDeps } from "../../platform/service-deps";
import { ConflictError, InvalidInputError, NotFoundError } from "../../platform/errors";
import { adminPasswordProblem, hashPassword } from "./passwords";
import { enqueueLinkMail } from "./identity-mail";
import { consumeToken, dropTokens, newToken, peekToken, storeToken } from "./one-time-tokens";

export const INVITE_MS = 48 * 3_600_000;

/** The Admins screen: list, invite by e-mail (a single-use link, 48 h), disable. */
export function createAdminDirectory(deps: ServiceDeps & { audit: Audit }) {
  const { db, now, audit, config } = deps;
  return {
    async list() {
      const rows = await db
        .select({
          id: admins.id,
          email: admins.email,
          passwordHash: admins.passwordHash,
          disabledAt: admins.disabledAt,
          createdAt: admins.createdAt,
          lastLoginAt: admins.lastLoginAt,
          // Qualified in full: inside a select list drizzle renders ${admins.id} as a bare "id", which
          // the subquery reads as admin_passkeys.id (a passkey would show on whichever admin shares its id).
          totp: sql<boolean>`exists (select 1 from ${adminTotp} where ${qualified(adminTotp.adminId)} = ${qualified(admins.id)}
            and ${qualified(adminTotp.enabledAt)} is not null)`,
          passkeys: sql<number>`(select count(*)::int from ${adminPasskeys} where ${qualified(adminPasskeys.adminId)} = ${qualified(admins.id)})`,
        })
        .from(admins)
        .orderBy(asc(admins.email))
        .limit(500);
      return rows.map((a) => ({
        id: a.id,
        email: a.email,
        status: a.disabledAt ? ("disabled" as const) : a.passwordHash ? ("active" as const) : ("invited" as const),
        created_at: a.createdAt.toISOString(),
        last_login_at: a.lastLoginAt?.toISOString() ?? null,
        two_factor: Boolean(a.totp) || a.passkeys > 0,
      }));
    },

    /** Creates the invited admin (no password yet) and mails the link, in one transaction. */
    async invite(by: SessionAdmin, email: string, meta: ClientMeta) {
      const emailKey = email.trim().toLowerCase();
      const token = newToken();
      const id = await db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: admins.id, passwordHash: admins.passwordHash, disabledAt: admins.disabledAt })
          .from(admins)
          .where(eq(sql`lower(${admins.email})`, emailKey))
          .limit(1)
          .for("update");
        // An invitation not yet accepted may be sent again (the older link stops working).
        if (existing && (existing.passwordHash || existing.disabledAt))
          throw new ConflictError("An admin with this e-mail already exists.", { email: "Already an admin." });
        const adminId =
          existing?.id ?? (await tx.insert(admins).values({ email: email.trim(), passwordHash: "" }).returning({ id: admins.id }))[0].id;
        await dropTokens(tx, adminId, "invite");
        await storeToken(tx, { token, purpose: "invite", adminId, at: now(), ttlMs: INVITE_MS });
        await enqueueLinkMail(tx, config, {
          kind: "admin-invitation",
          to: email.trim(),
          subject: "You are invited to the admin area",
          intro: `${by.email} invited you to be an administrator of ${new URL(config.publicOrigin).host}.`,
          action: "Choose your password",
          path: "/admin/invite",
          token,
          adminId,
          validity: "48 hours",
        });
        await audit.record(
          {
            adminId: by.id,
            action: "admin.invite",
            entity: "admin",
            entityId: adminId,
            detail: { email: emailKey },
            clientIp: meta.clientIp,
          },
          tx,
        );
        return adminId;
      });
      return { id };
    },

    /** The invited admin sets a password through the link; the token works once and for 48 hours. */
    async acceptInvitation(token: string, password: string, meta: ClientMeta) {
      const pending = await peekToken(db, "invite", token, now());
      const [admin] = pending?.adminId ? await db.select().from(admins).where(eq(admins.id, pending.adminId)) : [];
      if (!admin || admin.passwordHash || admin.disabledAt)
        throw new InvalidInputError("This invitation link is not valid any more.", { token: "Expired or used." });
      // The password is checked before the token is used, so a refused password does not burn the link.
      const problem = adminPasswordProblem(password, admin.email);
      if (problem) throw new InvalidInputError(problem, { password: problem });
      const passwordHash = await hashPassword(password);
      if (!(await consumeToken(db, "invite", token, now())))
        throw new InvalidInputError("This invitation link is not valid any more.", { token: "Expired or used." });
      await db
        .update(admins)
        .set({ passwordHash })
        .where(and(eq(admins.id, admin.id), eq(admins.passwordHash, "")));
      await audit.record({
        adminId: admin.id,
        action: "admin.invite_accepted",
        entity: "admin",
        entityId: admin.id,
        clientIp: meta.clientIp,
      });
      return { email: admin.email };
    },

    /**
     * Disables an admin: its sessions end at once. The active admins are locked first (FOR UPDATE),
     * so two admins disabling each other at the same moment cannot leave no active admin.
     */
    async disable(by: SessionAdmin, id: number, meta: ClientMeta) {
      await db.transaction(async (tx) => {
        const active = await tx
          .select({ id: admins.id })
          .from(admins)
          .where(and(isNull(admins.disabledAt), ne(admins.passwordHash, "")))
          .orderBy(asc(admins.id))
          .for("update");
        const [target] = await tx.select({ id: admins.id, disabledAt: admins.disabledAt }).from(admins).where(eq(admins.id, id));
        if (!target) throw new NotFoundError("No such admin.");
        if (target.disabledAt) throw new ConflictError("This admin is already disabled.");
        const isActive = active.some((a) => a.id === id);
        if (isActive && active.length <= 1) throw new ConflictError("The last active admin cannot be disabled.");
        await tx
          .update(admins)
          .set({ disabledAt: now() })
          .where(and(eq(admins.id, id), isNull(admins.disabledAt)));
        const ended = await tx.delete(sessions).where(eq(sessions.adminId, id)).returning({ id: sessions.id });
        await tx
          .delete(authTokens)
          .where(and(eq(authTokens.adminId, id), isNull(authTokens.usedAt), ne(authTokens.purpose, "passkey-login")));
        await audit.record(
          {
            adminId: by.id,
            action: "admin.disable",
            entity: "admin",
            entityId: id,
            detail: { sessions_ended: ended.length },
            clientIp: meta.clientIp,
          },
          tx,
        );
      });
    },

    /** Lets a disabled admin log in again (with its old password and factors); it had no session left to restore. */
    async enable(by: SessionAdmin, id: number, meta: ClientMeta) {
      const [target] = await db.select({ id: admins.id, disabledAt: admins.disabledAt }).from(admins).where(eq(admins.id, id));
      if (!target) throw new NotFoundError("No such admin.");
      const changed = await db
        .update(admins)
        .set({ disabledAt: null })
        .where(and(eq(admins.id, id), isNotNull(admins.disabledAt)))
        .returning({ id: admins.id });
      if (changed.length === 0) throw new ConflictError("This admin is not disabled.");
      await audit.record({ adminId: by.id, action: "admin.enable", entity: "admin", entityId: id, clientIp: meta.clientIp });
    },
  };
}

export type AdminDirectory = ReturnType<typeof createAdminDirectory>;
