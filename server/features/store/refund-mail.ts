import { formatInrMinor } from "../../../contract/money";
import type { Config } from "../../platform/config";
import type { OutboxMail } from "../mail";

export type RefundFacts = {
  orderId: number;
  email: string;
  name: string;
  productName: string;
  version: string;
  amountMinor: number;
  /** Everything refunded on the order so far, this refund included. */
  refundedMinor: number;
  paidMinor: number;
  creditNote: string | null;
  licenceRevoked: boolean;
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The mail for one processed refund: its amount and its credit note. The credit note's link opens in
 * the account (signed in) rather than by the order's token, so this mail carries no secret: the token
 * also opens the receipt, and a refund may have revoked the key that page shows.
 */
export function refundMail(config: Pick<Config, "site" | "publicOrigin">, r: RefundFacts): OutboxMail {
  const account = `${config.publicOrigin}/account`;
  const note = r.creditNote ? `${config.publicOrigin}/account/invoices/${encodeURIComponent(r.creditNote)}` : null;
  const full = r.refundedMinor >= r.paidMinor;
  const lines: [string, string][] = [
    ["Order", `#${r.orderId}`],
    ["Product", `${r.productName} ${r.version}`],
    ["Refunded now", formatInrMinor(r.amountMinor)],
    ["Refunded in all", `${formatInrMinor(r.refundedMinor)} of ${formatInrMinor(r.paidMinor)}`],
    ...(r.creditNote ? ([["Credit note", r.creditNote]] as [string, string][]) : []),
  ];
  const outcome = r.licenceRevoked
    ? "The licence of this order is revoked."
    : full
      ? "The order is refunded in full."
      : "Your licence stays valid.";
  const text = [
    `Hello ${r.name},`,
    "",
    `we have refunded ${formatInrMinor(r.amountMinor)} for your order #${r.orderId}. It reaches your account in the time your bank takes (usually 5 to 7 working days).`,
    "",
    ...lines.map(([k, v]) => `${k}: ${v}`),
    "",
    outcome,
    ...(note ? [`Your credit note: ${note}`] : []),
    `Your account: ${account}`,
    "",
    `${config.site.name}${config.site.email ? ` · ${config.site.email}` : ""}`,
  ].join("\n");
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5">
<p>Hello ${escapeHtml(r.name)},</p>
<p>we have refunded ${escapeHtml(formatInrMinor(r.amountMinor))} for your order #${r.orderId}. It reaches your account in the time your bank takes (usually 5 to 7 working days).</p>
<table role="presentation">${lines.map(([k, v]) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join("")}</table>
<p>${escapeHtml(outcome)}</p>
<p>${note ? `<a href="${escapeHtml(note)}">Your credit note ${escapeHtml(r.creditNote ?? "")}</a> · ` : ""}<a href="${escapeHtml(account)}">Your account</a></p>
<p style="color:#555">${escapeHtml(config.site.name)}${config.site.email ? ` · ${escapeHtml(config.site.email)}` : ""}</p>
</body></html>`;
  return {
    kind: "refund",
    orderId: r.orderId,
    to: [r.email],
    subject: `Your refund of ${formatInrMinor(r.amountMinor)} (order #${r.orderId})`,
    html,
    text,
  };
}
