import { and, count, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { ContactMessage, MessageBulk, MessageList, MessageListQuery } from "../../../contract/contact";
import { contactMessages } from "../../platform/db/schema";
import { NotFoundError } from "../../platform/errors";
import type { Actor } from "../../platform/actor";
import type { Audit } from "../audit";
import type { ServiceDeps } from "../../platform/service-deps";
import { descNullsLast } from "../../platform/db/newest-first";

type Row = typeof contactMessages.$inferSelect;
const toMessage = (r: Row): ContactMessage => ({
  id: r.id,
  source: r.source,
  name: r.name,
  email: r.email,
  message: r.message,
  orgType: r.orgType,
  orgName: r.orgName,
  otherType: r.otherType,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

/** The admin Messages screen: read contact messages, mark them read or archived. */
export function createMessages({ db, audit }: ServiceDeps & { audit: Audit }) {
  return {
    /** Newest first, one page; ordered like contact_messages_created_idx / _filter_idx so no sort of the table is needed. */
    async list(query: MessageListQuery): Promise<MessageList> {
      const filters: SQL[] = [];
      if (query.source) filters.push(eq(contactMessages.source, query.source));
      if (query.status) filters.push(eq(contactMessages.status, query.status));
      // The inbox is small (contact posts are throttled per address); a substring scan is fine here.
      if (query.q) {
        const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        filters.push(
          or(ilike(contactMessages.name, pattern), ilike(contactMessages.email, pattern), ilike(contactMessages.message, pattern)) as SQL,
        );
      }
      const where = filters.length ? and(...filters) : undefined;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(contactMessages)
          .where(where)
          .orderBy(descNullsLast(contactMessages.createdAt), descNullsLast(contactMessages.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(contactMessages).where(where),
      ]);
      return { status: "success", messages: rows.map(toMessage), page: query.page, pageSize: query.pageSize, total };
    },

    /** New (unread) messages, for the sidebar's badge. */
    async unreadCount(): Promise<number> {
      const [{ total }] = await db.select({ total: count() }).from(contactMessages).where(eq(contactMessages.status, "new"));
      return total;
    },

    /** Deletes one message for good (audited without its text); 404 for an unknown id. */
    async remove(id: number, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(contactMessages).where(eq(contactMessages.id, id)).returning();
        if (!row) throw new NotFoundError("There is no such message.");
        const before = { source: row.source, status: row.status, created_at: row.createdAt.toISOString() };
        await audit.record({ ...actor, action: "message.delete", entity: "contact_message", entityId: id, detail: { before } }, tx);
      });
    },

    /** One action on several messages in one statement; ids that do not exist are skipped. Answers how many changed. */
    async bulk({ ids, action }: MessageBulk, actor: Actor): Promise<number> {
      return db.transaction(async (tx) => {
        const where = inArray(contactMessages.id, ids);
        const rows =
          action === "delete"
            ? await tx.delete(contactMessages).where(where).returning({ id: contactMessages.id })
            : await tx.update(contactMessages).set({ status: action }).where(where).returning({ id: contactMessages.id });
        const affected = rows.map((r) => r.id);
        if (affected.length) {
          await audit.record(
            { ...actor, action: `message.bulk_${action}`, entity: "contact_message", entityId: null, detail: { ids: affected, action } },
            tx,
          );
        }
        return affected.length;
      });
    },

    /** Throws 404 for an unknown id. */
    async setStatus(id: number, status: ContactMessage["status"], actor: Actor): Promise<ContactMessage> {
      return db.transaction(async (tx) => {
        const [row] = await tx.update(contactMessages).set({ status }).where(eq(contactMessages.id, id)).returning();
        if (!row) throw new NotFoundError("There is no such message.");
        await audit.record({ ...actor, action: "message.status", entity: "contact_message", entityId: id, detail: { status } }, tx);
        return toMessage(row);
      });
    },
  };
}
