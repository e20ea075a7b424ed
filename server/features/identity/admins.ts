import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { adminPasskeys, adminRecoveryCodes, admins, adminTotp, sessions } from "../../platform/db/schema";
import { InvalidInputError } from "../../platform/errors";
import type { Audit } from "../audit";
import type { ServiceDeps } from "../../platform/service-deps";
import { adminPasswordProblem, hashPassword } from "./passwords";

export function createAdmins({ db, audit }: ServiceDeps & { audit: Audit }) {
  return {
    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(admins);
      return row.n;
    },

    /** Creates the admin, or resets the password of an existing one (revoking its sessions). */
    async createOrReset(email: string, password: string): Promise<{ created: boolean; id: number }> {
      const parsedEmail = z.email().max(254).safeParse(email.trim());
      if (!parsedEmail.success) throw new InvalidInputError("Give a valid e-mail address.", { email: "Invalid e-mail address." });
      const problem = adminPasswordProblem(password, parsedEmail.data);
      if (problem) throw new InvalidInputError(problem, { password: problem });
      const passwordHash = await hashPassword(password);
      const emailKey = parsedEmail.data.toLowerCase();
      return db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: admins.id })
          .from(admins)
          .where(eq(sql`lower(${admins.email})`, emailKey))
          .limit(1);
        if (existing) {
          // The CLI is the way back in for a locked-out admin: a reset also re-enables a disabled one.
          await tx.update(admins).set({ passwordHash, disabledAt: null }).where(eq(admins.id, existing.id));
          await tx.delete(sessions).where(eq(sessions.adminId, existing.id));
          await audit.record({ adminId: existing.id, action: "admin.password_reset", entity: "admin", entityId: existing.id }, tx);
          return { created: false, id: existing.id };
        }
        const [row] = await tx.insert(admins).values({ email: parsedEmail.data, passwordHash }).returning({ id: admins.id });
        await audit.record({ adminId: row.id, action: "admin.create", entity: "admin", entityId: row.id }, tx);
        return { created: true, id: row.id };
      });
    },

    /** The CLI's recovery for a lost factor: removes TOTP, passkeys and recovery codes; sessions end. */
    async removeFactors(email: string, factor: "totp" | "passkeys" | "all"): Promise<{ found: boolean }> {
      const emailKey = email.trim().toLowerCase();
      return db.transaction(async (tx) => {
        const [admin] = await tx
          .select({ id: admins.id })
          .from(admins)
          .where(eq(sql`lower(${admins.email})`, emailKey))
          .limit(1);
        if (!admin) return { found: false };
        if (factor !== "passkeys") await tx.delete(adminTotp).where(eq(adminTotp.adminId, admin.id));
        if (factor !== "totp") await tx.delete(adminPasskeys).where(eq(adminPasskeys.adminId, admin.id));
        if (factor === "all") await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, admin.id));
        await tx.delete(sessions).where(eq(sessions.adminId, admin.id));
        await audit.record(
          { adminId: admin.id, action: "mfa.factor_removed_cli", entity: "admin", entityId: admin.id, detail: { factor } },
          tx,
        );
        return { found: true };
      });
    },
  };
}
