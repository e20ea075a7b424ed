import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { admins, sessions } from "../db/schema";
import { badRequest } from "../http/errors";
import type { Audit } from "./audit";
import type { ServiceDeps } from "./deps";
import { adminPasswordProblem, hashPassword } from "./passwords";

export function createAdmins({ db, audit }: ServiceDeps & { audit: Audit }) {
  return {
    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(admins);
      return Number(row.n);
    },

    /** Creates the admin, or resets the password of an existing one (revoking its sessions). */
    async createOrReset(email: string, password: string): Promise<{ created: boolean; id: number }> {
      const parsedEmail = z.email().max(254).safeParse(email.trim());
      if (!parsedEmail.success) throw badRequest("Give a valid e-mail address.", { email: "Invalid e-mail address." });
      const problem = adminPasswordProblem(password, parsedEmail.data);
      if (problem) throw badRequest(problem, { password: problem });
      const passwordHash = await hashPassword(password);
      const emailKey = parsedEmail.data.toLowerCase();
      return db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: admins.id })
          .from(admins)
          .where(eq(sql`lower(${admins.email})`, emailKey))
          .limit(1);
        if (existing) {
          await tx.update(admins).set({ passwordHash }).where(eq(admins.id, existing.id));
          await tx.delete(sessions).where(eq(sessions.adminId, existing.id));
          await audit.record({ adminId: existing.id, action: "admin.password_reset", entity: "admin", entityId: existing.id }, tx);
          return { created: false, id: existing.id };
        }
        const [row] = await tx.insert(admins).values({ email: parsedEmail.data, passwordHash }).returning({ id: admins.id });
        await audit.record({ adminId: row.id, action: "admin.create", entity: "admin", entityId: row.id }, tx);
        return { created: true, id: row.id };
      });
    },
  };
}
