import type { Config } from "../../platform/config";

/**
 * The shared frame of every mail (decision 011: plain TypeScript templates). Use it from any
 * service that queues mail: build the body with `escapeHtml` around every value a visitor or
 * customer typed, wrap it with `htmlMail` / `textMail`, and hand both parts to enqueueMail.
 * No remote images or fonts: mail clients block them and they would tell a tracker who read it.
 */

/** Company facts a mail's footer shows (from SITE_CONFIG_FILE). */
export type MailFacts = { name: string; email: string; phone?: string; country?: string };

/**
 * The deployment's facts (SITE_CONFIG_FILE, read at start) and links on PUBLIC_ORIGIN (unset: the
 * server's own listening origin). A fact left out of the site config leaves its footer line out.
 */
export function mailContext(config: Pick<Config, "site" | "publicOrigin">): MailContext {
  const { name, email, phone, country } = config.site;
  return { facts: { name, email, phone, country }, origin: config.publicOrigin };
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** Escaped text with its line breaks kept (for a visitor's message). */
export function escapeMultiline(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, "<br>");
}

export type MailContext = { facts: MailFacts; origin: string };

function footerLines({ facts, origin }: MailContext): string[] {
  return [facts.name, facts.email, facts.phone, facts.country, origin].filter((v): v is string => Boolean(v));
}

/** A complete HTML document: the heading, `bodyHtml` (already escaped), the company footer. */
export function htmlMail(ctx: MailContext, title: string, bodyHtml: string): string {
  const footer = footerLines(ctx)
    .map((line) => (line === ctx.origin ? `<a href="${escapeHtml(line)}" style="color:#4b5563">${escapeHtml(line)}</a>` : escapeHtml(line)))
    .join(" &middot; ");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e5e7eb;font-size:18px;font-weight:bold">${escapeHtml(ctx.facts.name)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(title)}</h1>
${bodyHtml}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:12px;color:#4b5563">${footer}</td></tr>
</table></td></tr></table>
</body></html>`;
}

/** The plain-text part: `body` as is, then the company footer. */
export function textMail(ctx: MailContext, title: string, body: string): string {
  return `${title}\n\n${body}\n\n-- \n${footerLines(ctx).join("\n")}\n`;
}
