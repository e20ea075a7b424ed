import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { enqueueMail } from "../mail/outbox";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * One identity mail (invitation, password reset) written in the caller's transaction. The link
 * carries its token in the fragment: browsers never send a fragment to a server, so the token stays
 * out of access logs, proxies and Referer headers; the page reads it and posts it.
 */
export async function enqueueLinkMail(
  tx: Db,
  config: Pick<Config, "MAIL_FROM" | "publicOrigin">,
  mail: { kind: string; to: string; subject: string; intro: string; action: string; path: string; token: string; validity: string },
): Promise<void> {
  const link = `${config.publicOrigin}${mail.path}#token=${mail.token}`;
  const text = `${mail.intro}\n\n${mail.action}:\n${link}\n\nThe link works once and expires in ${mail.validity}. If you did not expect this mail, ignore it.\n`;
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#0f172a">
<p>${escapeHtml(mail.intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(mail.action)}</a></p>
<p style="font-size:13px">Or open this address: ${escapeHtml(link)}</p>
<p style="font-size:13px">The link works once and expires in ${escapeHtml(mail.validity)}. If you did not expect this mail, ignore it.</p>
</body></html>`;
  await enqueueMail(tx, config, { kind: mail.kind, to: [mail.to], subject: mail.subject, html, text });
}
