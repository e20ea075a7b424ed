import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { secretSlot } from "../mail";
import { enqueueMail, type OutboxConfig } from "../mail";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * One identity mail (invitation, password reset) written in the caller's transaction. The link
 * carries its token in the fragment: browsers never send a fragment to a server, so the token stays
 * out of access logs, proxies and Referer headers; the page reads it and posts it. The token is a
 * mail secret (server/features/mail/mail-secrets.ts): the stored bodies hold a slot, the admin
 * Outbox shows `#token=[hidden]`, and Resend asks the kind's reissuer (./identity-mail-reissue.ts)
 * for a new token through `secretRef`.
 */
export async function enqueueLinkMail(
  tx: Db,
  config: OutboxConfig & Pick<Config, "publicOrigin">,
  mail: {
    kind: string;
    to: string;
    subject: string;
    intro: string;
    action: string;
    path: string;
    token: string;
    adminId: number;
    validity: string;
  },
): Promise<void> {
  const link = `${config.publicOrigin}${mail.path}#token=${secretSlot("token")}`;
  const text = `${mail.intro}\n\n${mail.action}:\n${link}\n\nThe link works once and expires in ${mail.validity}. If you did not expect this mail, ignore it.\n`;
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#0f172a">
<p>${escapeHtml(mail.intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(mail.action)}</a></p>
<p style="font-size:13px">Or open this address: ${escapeHtml(link)}</p>
<p style="font-size:13px">The link works once and expires in ${escapeHtml(mail.validity)}. If you did not expect this mail, ignore it.</p>
</body></html>`;
  await enqueueMail(tx, config, {
    kind: mail.kind,
    to: [mail.to],
    subject: mail.subject,
    html,
    text,
    secrets: { token: mail.token },
    secretRef: { adminId: mail.adminId },
  });
}
