import { auditLog } from "../db/schema";
import type { ServiceDeps } from "./deps";

export type AuditEntry = {
  adminId?: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  detail?: Record<string, unknown>;
  clientIp?: string;
};

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
  };
}

export type Audit = ReturnType<typeof createAudit>;
