import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { enqueueMail, escapeHtml, escapeMultiline, htmlMail, mailContext, type OutboxConfig, secretSlot, textMail } from "../mail";
import { securityContact } from "./security-txt";

type MailConfig = OutboxConfig & Pick<Config, "site" | "publicOrigin">;
type Report = { id: number; email: string; name: string | null; title: string; productName: string | null; version: string | null };

const statusPath = `/security/reports/${secretSlot("token")}`;

/**
 * Two mails for a new report, in the transaction that stores it. The security contact's carries the
 * title and a link to the admin, not the details: plain SMTP is no place for an unfixed hole. The
 * reporter's carries the status link; its token is a mail secret (server/features/mail/mail-secrets.ts),
 * so the admin Outbox never shows it, and no reissuer is registered: Resend refuses it.
 */
export async function enqueueReportMails(tx: Db, config: MailConfig, report: Report, token: string): Promise<void> {
  const ctx = mailContext(config);
  const admin = `${config.publicOrigin}/dashboard/security/reports/${report.id}`;
  const about = [report.productName, report.version].filter(Boolean).join(" ") || "the site or no product named";
  const who = report.name ? `${report.name} <${report.email}>` : report.email;
  const title = "New security report";
  await enqueueMail(tx, config, {
    kind: "security-report-notification",
    to: [securityContact(config.site)],
    replyTo: report.email,
    subject: `${title}: ${report.title.slice(0, 120)}`,
    html: htmlMail(
      ctx,
      title,
      `<p><strong>${escapeHtml(report.title)}</strong></p><p>From ${escapeHtml(who)}, about ${escapeHtml(about)}.</p>
<p>The details are in the admin only. Answer within 3 working days.</p>
<p><a href="${escapeHtml(admin)}" style="color:#2563eb">Open the report in the admin</a></p>`,
    ),
    text: textMail(
      ctx,
      title,
      `${report.title}\n\nFrom ${who}, about ${about}.\n\nThe details are in the admin only. Answer within 3 working days.\nOpen the report: ${admin}`,
    ),
  });
  const link = `${config.publicOrigin}${statusPath}`;
  const thanks = "We received your security report";
  await enqueueMail(tx, config, {
    kind: "security-report-receipt",
    to: [report.email],
    replyTo: securityContact(config.site),
    subject: `${thanks}: ${report.title.slice(0, 120)}`,
    html: htmlMail(
      ctx,
      thanks,
      `<p>Thank you for telling us about <strong>${escapeHtml(report.title)}</strong>.</p>
<p>We answer within 3 working days and give a triage verdict within 10. Follow the report's status and our replies here:</p>
<p><a href="${escapeHtml(link)}" style="color:#2563eb">Your report's status</a></p>
<p style="font-size:13px">Keep this link to yourself: anyone with it can read the report's status and our replies.</p>`,
    ),
    text: textMail(
      ctx,
      thanks,
      `Thank you for telling us about "${report.title}".\n\nWe answer within 3 working days and give a triage verdict within 10. Follow the report's status and our replies here:\n${link}\n\nKeep this link to yourself: anyone with it can read the report's status and our replies.`,
    ),
    secrets: { token },
    secretRef: { reportId: report.id },
  });
}

/** The admin's public reply, mailed to the reporter once (in the transaction that stores it). */
export async function enqueueReplyMail(tx: Db, config: MailConfig, report: Report, reply: string): Promise<void> {
  const ctx = mailContext(config);
  const title = "A reply to your security report";
  await enqueueMail(tx, config, {
    kind: "security-report-reply",
    to: [report.email],
    replyTo: securityContact(config.site),
    subject: `Re: ${report.title.slice(0, 120)}`,
    html: htmlMail(
      ctx,
      title,
      `<p>About <strong>${escapeHtml(report.title)}</strong>:</p>
<div style="padding:12px 16px;background:#f9fafb;border-left:4px solid #2563eb">${escapeMultiline(reply)}</div>
<p>The link in our first mail shows the report's status and every reply.</p>`,
    ),
    text: textMail(
      ctx,
      title,
      `About "${report.title}":\n\n${reply}\n\nThe link in our first mail shows the report's status and every reply.`,
    ),
  });
}
