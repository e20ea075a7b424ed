import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { enqueueMail, type OutboxConfig, secretSlot } from "../mail";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The sign-in mail: the 6-digit code and the one-time link. Both are mail secrets
 * (server/features/mail/mail-secrets.ts): the stored bodies hold slots, the admin Outbox shows
 * `[hidden]`. The link carries its token in the fragment, which browsers never send to a server.
 */
export async function enqueueSignInMail(
  tx: Db,
  config: OutboxConfig & Pick<Config, "publicOrigin" | "site">,
  mail: { to: string; name: string; code: string; token: string; customerId: number },
): Promise<void> {
  const link = `${config.publicOrigin}/account/verify#token=${secretSlot("token")}`;
  const code = secretSlot("code");
  const company = config.site.name;
  const text = [
    `Hello ${mail.name},`,
    "",
    `your code to sign in to your ${company} account: ${code}`,
    "",
    `Or open this link: ${link}`,
    "",
    "The code and the link work once and expire in 15 minutes. If you did not ask to sign in, ignore this mail.",
    "",
  ].join("\n");
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>Hello ${escapeHtml(mail.name)},</p>
<p>your code to sign in to your ${escapeHtml(company)} account:</p>
<p style="font-family:ui-monospace,monospace;font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">Sign in</a></p>
<p style="font-size:13px">The code and the link work once and expire in 15 minutes. If you did not ask to sign in, ignore this mail.</p>
</body></html>`;
  await enqueueMail(tx, config, {
    kind: "account-sign-in",
    to: [mail.to],
    subject: `Your ${company} sign-in code`,
    html,
    text,
    secrets: { code: mail.code, token: mail.token },
    // No reissuer is registered for this kind: the Outbox's Resend refuses it (ask for a new code instead).
    secretRef: { customerId: mail.customerId },
  });
}
