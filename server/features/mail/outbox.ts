import { randomUUID } from "node:crypto";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { mailOutbox } from "../../platform/db/schema";
import { InvalidInputError } from "../../platform/errors";
import { type MailSecrets, type SecretRef, sealSecrets } from "./mail-secrets";

/** One mail to queue. Addresses are plain `local@domain` strings; parts are already rendered. */
export type OutboxMail = {
  /** What caused it, shown in the admin Outbox and used for filtering: "contact-notification", "receipt", ... */
  kind: string;
  to: string[];
  subject: string;
  /** Complete HTML part (see server/features/mail/layout.ts for the shared frame; no remote images). */
  html: string;
  /** Plain-text part with the same content. */
  text: string;
  replyTo?: string | null;
  /**
   * Secrets the bodies carry as `secretSlot(name)` placeholders (one-time links, codes): stored
   * sealed and apart, filled in only when sent, never shown to an admin (./mail-secrets.ts).
   */
  secrets?: MailSecrets;
  /** With secrets: what lets Resend issue fresh ones (the kind's reissuer reads it). */
  secretRef?: SecretRef;
  /** The order the mail is about (a receipt): the admin's order page lists its mails by it. */
  orderId?: number;
};

export type OutboxConfig = Pick<Config, "MAIL_FROM" | "ADMIN_SECRETS_KEY" | "ADMIN_SECRETS_KEY_OLD">;

// A header value must never carry a line break: that is how a header is injected. Validation at the
// edge (contract/contact.ts) already refuses CR/LF; this is the last line of defence for every caller.
const HEADER_UNSAFE = /[\r\n\0]/;
const ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+$/;

function checkAddress(field: string, value: string): void {
  if (HEADER_UNSAFE.test(value) || !ADDRESS.test(value))
    throw new InvalidInputError("invalid mail address", { [field]: "Invalid e-mail address." });
}

/** The host for Message-IDs: the MAIL_FROM domain, so a Message-ID names the sender's domain. */
export function messageIdDomain(config: Pick<Config, "MAIL_FROM">): string {
  return config.MAIL_FROM.split("@").pop() || "localhost";
}

/** A new stable Message-ID (angle brackets included), generated once per outbox row. */
export function newMessageId(config: Pick<Config, "MAIL_FROM">): string {
  return `<${randomUUID()}@${messageIdDomain(config)}>`;
}

/**
 * Queues one mail in the caller's transaction: it is sent (by server/features/mail/mail-sender.ts) only if
 * that transaction commits, and it is never lost once it has. Call it inside the same
 * `db.transaction(async (tx) => ...)` that writes the mail's cause:
 *
 *   await db.transaction(async (tx) => {
 *     await tx.update(orders).set({ status: "active" }).where(...);
 *     await enqueueMail(tx, config, { kind: "receipt", to: [order.email], subject, html, text });
 *   });
 *
 * Returns the row id and its Message-ID. Throws InvalidInputError for an address with a line break
 * or no `@` (a programming error upstream, since inputs are validated at the edge).
 */
export async function enqueueMail(tx: Db, config: OutboxConfig, mail: OutboxMail): Promise<{ id: number; messageId: string }> {
  if (!mail.to.length) throw new InvalidInputError("mail without recipients", { to: "At least one recipient is required." });
  mail.to.forEach((addr) => checkAddress("to", addr));
  if (mail.replyTo) checkAddress("replyTo", mail.replyTo);
  if (HEADER_UNSAFE.test(mail.subject)) throw new InvalidInputError("invalid mail subject", { subject: "No line breaks in a subject." });
  const messageId = newMessageId(config);
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      messageId,
      toAddrs: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      html: mail.html,
      textBody: mail.text,
      secrets: mail.secrets ? sealSecrets(config, mail.secrets) : null,
      secretRef: mail.secrets ? (mail.secretRef ?? null) : null,
      orderId: mail.orderId ?? null,
    })
    .returning({ id: mailOutbox.id });
  return { id: row.id, messageId };
}
