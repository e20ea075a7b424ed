import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { enqueueMail } from "../mail";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * Tells an admin through the outbox that a second factor of their account was removed or the
 * recovery codes replaced: if it was not them, they learn it from the mail. No secret in it.
 * `tx` is the change's own transaction: the notice is queued if and only if the change commits.
 */
export async function enqueueSecurityNotice(
  tx: Db,
  config: Pick<Config, "MAIL_FROM" | "ADMIN_SECRETS_KEY" | "ADMIN_SECRETS_KEY_OLD" | "publicOrigin">,
  notice: { kind: string; to: string; subject: string; what: string; clientIp: string },
): Promise<void> {
  const site = new URL(config.publicOrigin).host;
  const lines = [
    `${notice.what} on the admin account ${notice.to} at ${site} (from ${notice.clientIp}).`,
    "If this was you, nothing more is needed. If it was not, sign in, change your password and check your sessions and second factors on the Account screen.",
  ];
  const text = `${lines.join("\n\n")}\n`;
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#0f172a">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n")}</body></html>`;
  await enqueueMail(tx, config, { kind: notice.kind, to: [notice.to], subject: notice.subject, html, text });
}
