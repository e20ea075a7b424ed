import type { Config } from "../../platform/config";
import { type OutboxMail, secretSlot } from "../mail";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The replacement key's mail; the key is a mail secret (the Outbox shows `[hidden]`; Resend reads the licence's key again). */
export function newKeyMail(
  config: Pick<Config, "site" | "publicOrigin">,
  m: { to: string; name: string; key: string; licenceId: number; orderId: number },
): OutboxMail {
  const slot = secretSlot("key");
  const account = `${config.publicOrigin}/account`;
  const text = [
    `Hello ${m.name},`,
    "",
    "your licence key was replaced. The old key no longer works and its machines were released. Your new key:",
    "",
    `    ${slot}`,
    "",
    `Your account: ${account}`,
    "",
  ].join("\n");
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>Hello ${escapeHtml(m.name)},</p>
<p>your licence key was replaced. The old key no longer works and its machines were released. Your new key:</p>
<p style="font-family:ui-monospace,monospace;font-size:18px;font-weight:bold;letter-spacing:1px">${slot}</p>
<p><a href="${escapeHtml(account)}">Your account</a></p>
</body></html>`;
  return {
    kind: "licence-key-replaced",
    // The admin's order page lists the order's mails by it.
    orderId: m.orderId,
    to: [m.to],
    subject: `Your new ${config.site.name} licence key`,
    html,
    text,
    secrets: { key: m.key },
    secretRef: { licenceId: m.licenceId },
  };
}
