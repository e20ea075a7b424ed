import { count, desc, eq } from "drizzle-orm";
import type { OutboxItem, OutboxList, OutboxListQuery, OutboxPreview } from "../../../contract/outbox";
import { mailOutbox } from "../../platform/db/schema";
import { type Audit, recordOrderEvent } from "../audit";
import type { ServiceDeps } from "../../platform/service-deps";
import { ConflictError, NotFoundError } from "../../platform/errors";
import type { Actor } from "../../platform/actor";
import { hideSecrets, sealSecrets, type SecretReissuer } from "./mail-secrets";

type Row = typeof mailOutbox.$inferSelect;
type ListRow = Omit<Row, "html" | "textBody" | "lockedUntil" | "secrets" | "secretRef" | "orderId">;

/**
 * The admin Outbox screen: every mail with its state, a preview, and Resend. A mail's secrets (one-time
 * links, codes: ./mail-secrets.ts) are never read here; the preview shows their slots as `[hidden]`,
 * and Resend of such a mail asks the kind's reissuer for fresh ones instead of replaying the old.
 */
export function createOutboxAdmin({
  db,
  config,
  now,
  audit,
  reissuers = {},
}: ServiceDeps & { audit: Audit; reissuers?: Record<string, SecretReissuer> }) {
  const label = (r: ListRow): string => {
    if (r.status !== "pending") return r.status;
    if (!config.SMTP_URL) return "not sent (no SMTP configured)";
    return r.attempts > 0 ? "retrying" : "queued";
  };
  const toItem = (r: ListRow): OutboxItem => ({
    id: r.id,
    kind: r.kind,
    messageId: r.messageId,
    to: r.toAddrs,
    replyTo: r.replyTo,
    subject: r.subject,
    status: r.status,
    statusLabel: label(r),
    attempts: r.attempts,
    lastError: r.lastError,
    nextAttemptAt: r.status === "pending" ? r.nextAttemptAt.toISOString() : null,
    sentAt: r.sentAt ? r.sentAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  });
  // Everything but the bodies: a page of 100 mails stays small.
  const listColumns = {
    id: mailOutbox.id,
    kind: mailOutbox.kind,
    messageId: mailOutbox.messageId,
    toAddrs: mailOutbox.toAddrs,
    replyTo: mailOutbox.replyTo,
    subject: mailOutbox.subject,
    status: mailOutbox.status,
    attempts: mailOutbox.attempts,
    nextAttemptAt: mailOutbox.nextAttemptAt,
    lastError: mailOutbox.lastError,
    sentAt: mailOutbox.sentAt,
    createdAt: mailOutbox.createdAt,
  };

  async function get(id: number): Promise<ListRow & Pick<Row, "html" | "textBody">> {
    const [row] = await db
      .select({ ...listColumns, html: mailOutbox.html, textBody: mailOutbox.textBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id));
    if (!row) throw new NotFoundError("There is no such mail.");
    return row;
  }

  return {
    /** Newest first (mail_outbox_created_idx / _status_idx), one page. */
    async list(query: OutboxListQuery): Promise<OutboxList> {
      const where = query.status ? eq(mailOutbox.status, query.status) : undefined;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select(listColumns)
          .from(mailOutbox)
          .where(where)
          .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(mailOutbox).where(where),
      ]);
      return { items: rows.map(toItem), total, page: query.page, pageSize: query.pageSize };
    },

    /** The mail as the relay gets it: headers, HTML part, text part. Throws NotFoundError. */
    async preview(id: number): Promise<OutboxPreview> {
      const row = await get(id);
      const headers = [
        { name: "From", value: config.MAIL_FROM },
        { name: "To", value: row.toAddrs.join(", ") },
        ...(row.replyTo ? [{ name: "Reply-To", value: row.replyTo }] : []),
        { name: "Subject", value: row.subject },
        { name: "Message-ID", value: row.messageId },
        { name: "Date", value: (row.sentAt ?? row.createdAt).toUTCString() },
        { name: "MIME-Version", value: "1.0" },
        { name: "Content-Type", value: "multipart/alternative (text/plain, text/html; charset=utf-8)" },
      ];
      return { item: toItem(row), headers, html: hideSecrets(row.html), text: hideSecrets(row.textBody) };
    },

    /**
     * Queues the mail again now, with fresh tries and the same Message-ID (it is the same mail).
     * A mail being sent at this moment keeps its claim; it is sent again once that finishes. A mail
     * with secrets gets fresh ones from its kind's reissuer (a new one-time link, the old voided).
     */
    async resend(id: number, actor: Actor): Promise<OutboxItem> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({
            kind: mailOutbox.kind,
            secretRef: mailOutbox.secretRef,
            textBody: mailOutbox.textBody,
            html: mailOutbox.html,
            orderId: mailOutbox.orderId,
          })
          .from(mailOutbox)
          .where(eq(mailOutbox.id, id))
          .for("update");
        if (!current) throw new NotFoundError("There is no such mail.");
        let secrets: string | undefined;
        if (current.secretRef) {
          const reissue = reissuers[current.kind];
          if (!reissue) throw new ConflictError("This mail carries a one-time secret and cannot be sent again.");
          secrets = sealSecrets(config, await reissue(tx, current.secretRef));
        } else if (hideSecrets(current.textBody) !== current.textBody || hideSecrets(current.html) !== current.html) {
          // Slots but nothing to fill them again with: sent now, the mail would read `[hidden]`.
          throw new ConflictError("This mail carries a one-time secret and cannot be sent again.");
        }
        const [row] = await tx
          .update(mailOutbox)
          .set({
            status: "pending",
            attempts: 0,
            nextAttemptAt: new Date(0),
            lastError: null,
            sentAt: null,
            ...(secrets ? { secrets } : {}),
          })
          .where(eq(mailOutbox.id, id))
          .returning(listColumns);
        if (!row) throw new NotFoundError("There is no such mail.");
        await audit.record({ ...actor, action: "mail.resend", entity: "mail_outbox", entityId: id }, tx);
        // A mail about an order is part of that order's story (the admin's order page).
        if (current.orderId != null)
          await recordOrderEvent(tx, {
            orderId: current.orderId,
            kind: "mail_resent",
            actor: "admin",
            adminId: actor.adminId,
            mailId: id,
            detail: current.kind,
            at: now(),
          });
        return toItem(row);
      });
    },
  };
}

export type OutboxAdmin = ReturnType<typeof createOutboxAdmin>;
