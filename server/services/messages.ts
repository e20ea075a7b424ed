import { and, count, eq, type SQL } from "drizzle-orm";
import type { ContactMessage, MessageList, MessageListQuery } from "../../contract/contact";
import { contactMessages } from "../db/schema";
import { NotFoundError } from "./errors";
import type { Audit } from "./audit";
import type { ServiceDeps } from "./deps";
import { descNullsLast } from "../db/newest-first";

/** Who makes an admin change; every change is audited with it. */
export type Actor = { adminId: number; clientIp: string };

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
      return { status: "success", messages: rows.map(toMessage), page: query.page, pageSize: query.pageSize, total: Number(total) };
    },

    /** New (unread) messages, for the sidebar's badge. */
    async unreadCount(): Promise<number> {
      const [{ total }] = await db.select({ total: count() }).from(contactMessages).where(eq(contactMessages.status, "new"));
      return Number(total);
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
