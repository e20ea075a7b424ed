import { indiaDayAfter, indiaDayStart } from "../../../contract/time";
import { and, desc, eq, gte, like, lt, or, sql, type SQL } from "drizzle-orm";
import { admins, auditLog } from "../../platform/db/schema";
import type { ServiceDeps } from "../../platform/service-deps";

export type AuditEntry = {
  adminId?: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  detail?: Record<string, unknown>;
  clientIp?: string;
};

export type AuditFilter = { admin?: string; action?: string; from?: string; to?: string; page?: number };
export const AUDIT_PAGE_SIZE = 50;

/** Who did what, when: written by every admin change and every login attempt. */
export function createAudit({ db }: ServiceDeps) {
  return {
    async record(entry: AuditEntry, tx: Pick<ServiceDeps["db"], "insert"> = db): Promise<void> {
      await tx.insert(auditLog).values({
        adminId: entry.adminId ?? null,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId == null ? null : String(entry.entityId),
        detail: entry.detail ?? null,
        clientIp: entry.clientIp ?? null,
      });
    },

    /**
     * The Audit screen, newest first. `admin` is an admin's e-mail; `action` an exact action
     * ("login.failure") or a family ("login"); `from`/`to` are UTC days, both included.
     */
    async list(filter: AuditFilter) {
      const where: SQL[] = [];
      if (filter.admin) where.push(eq(sql`lower(${admins.email})`, filter.admin.trim().toLowerCase()));
      if (filter.action) {
        const action = filter.action.trim();
        where.push(
          action.includes(".") ? eq(auditLog.action, action) : or(eq(auditLog.action, action), like(auditLog.action, `${action}.%`))!,
        );
      }
      if (filter.from) where.push(gte(auditLog.createdAt, indiaDayStart(filter.from)));
      if (filter.to) where.push(lt(auditLog.createdAt, indiaDayAfter(filter.to)));
      const condition = where.length ? and(...where) : undefined;
      const page = Math.max(1, filter.page ?? 1);
      const rows = await db
        .select({ log: auditLog, email: admins.email })
        .from(auditLog)
        .leftJoin(admins, eq(admins.id, auditLog.adminId))
        .where(condition)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(AUDIT_PAGE_SIZE)
        .offset((page - 1) * AUDIT_PAGE_SIZE);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .leftJoin(admins, eq(admins.id, auditLog.adminId))
        .where(condition);
      return {
        items: rows.map(({ log, email }) => ({
          id: log.id,
          admin_email: email ?? null,
          action: log.action,
          entity: log.entity,
          entity_id: log.entityId,
          detail: log.detail ?? {},
          client_ip: log.clientIp,
          created_at: log.createdAt.toISOString(),
        })),
        total: Number(count.n),
        page,
        page_size: AUDIT_PAGE_SIZE,
      };
    },
  };
}

export type Audit = ReturnType<typeof createAudit>;
