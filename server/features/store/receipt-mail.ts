import { formatInrMinor } from "../../../contract/money";
import type { Config } from "../../platform/config";
import { type OutboxMail, secretSlot } from "../mail";
import { invoiceUrl, receiptUrl } from "./order-token";
import { formatDate } from "../../../contract/time";

export type ReceiptFacts = {
  orderId: number;
  email: string;
  name: string;
  productName: string;
  version: string;
  totalMinor: number;
  paymentId: string;
  machineLimit: number;
  expiresAt: string;
  /** The tax invoice (or receipt) issued with the payment: its number and a link to its page. */
  invoiceNumber?: string;
};

/**
 * What only the buyer may read: the licence key, and the order's access token (it opens the receipt
 * and invoice pages, which show the key). Both travel as mail secrets (server/features/mail/mail-secrets.ts),
 * so the stored mail and every admin read of it show `[hidden]`.
 */
export type ReceiptSecrets = { key: string; orderToken: string };

const KEY = secretSlot("key");
const ORDER_TOKEN = secretSlot("order_token");

/** The secrets of a receipt by their slot names (the store's reissuer answers the same for Resend). */
export const receiptSecrets = (s: ReceiptSecrets) => ({ key: s.key, order_token: s.orderToken });

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const inr = formatInrMinor;

/**
 * The receipt e-mail (licence key, order, amount, next steps), written to the outbox with the payment.
 * Its secrets fill slots; `secretRef` lets the Outbox's Resend read them again from the licence.
 */
export function receiptMail(config: Pick<Config, "site" | "publicOrigin">, r: ReceiptFacts, secrets: ReceiptSecrets): OutboxMail {
  const company = config.site.name;
  // The token is the last part of both links, so its slot is appended rather than URL-encoded.
  const link = `${config.publicOrigin}${receiptUrl(r.orderId, "")}${ORDER_TOKEN}`;
  const account = `${config.publicOrigin}/account`;
  const invoiceLink = r.invoiceNumber ? `${config.publicOrigin}${invoiceUrl(r.invoiceNumber, r.orderId, "")}${ORDER_TOKEN}` : null;
  const lines: [string, string][] = [
    ["Order", `#${r.orderId}`],
    ...(r.invoiceNumber ? ([["Invoice", r.invoiceNumber]] as [string, string][]) : []),
    ["Product", `${r.productName} ${r.version}`],
    ["Amount paid", inr(r.totalMinor)],
    ["Payment", r.paymentId],
    ["Licence valid until", formatDate(r.expiresAt)],
    ["Machines", `up to ${r.machineLimit}`],
  ];
  const steps = [
    `Install ${r.productName} ${r.version}.`,
    "Enter the licence key when the tool asks for it; it activates this machine.",
    `To move to another machine, deactivate this one first (up to ${r.machineLimit} at a time).`,
  ];
  const text = [
    `Hello ${r.name},`,
    "",
    `thank you for your order. Your licence key for ${r.productName} ${r.version}:`,
    "",
    `    ${KEY}`,
    "",
    ...lines.map(([k, v]) => `${k}: ${v}`),
    "",
    "Next steps:",
    ...steps.map((s, i) => `${i + 1}. ${s}`),
    "",
    `Your receipt: ${link}`,
    `Your account (orders, keys and machines): ${account}`,
    ...(invoiceLink ? [`Your invoice: ${invoiceLink}`] : []),
    "",
    `${company}${config.site.email ? ` · ${config.site.email}` : ""}`,
  ].join("\n");
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5">
<p>Hello ${escapeHtml(r.name)},</p>
<p>thank you for your order. Your licence key for ${escapeHtml(r.productName)} ${escapeHtml(r.version)}:</p>
<p style="font-family:ui-monospace,monospace;font-size:18px;font-weight:bold;letter-spacing:1px">${KEY}</p>
<table role="presentation">${lines.map(([k, v]) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join("")}</table>
<h2 style="font-size:16px">Next steps</h2>
<ol>${steps.map((s) => `<li>${escapeHtml(s)}</li>`).join("")}</ol>
<p><a href="${escapeHtml(link)}">Your receipt</a>${invoiceLink ? ` · <a href="${escapeHtml(invoiceLink)}">Your invoice ${escapeHtml(r.invoiceNumber ?? "")}</a>` : ""} · <a href="${escapeHtml(account)}">Your account</a> (orders, keys and machines)</p>
<p style="color:#555">${escapeHtml(company)}${config.site.email ? ` · ${escapeHtml(config.site.email)}` : ""}</p>
</body></html>`;
  return {
    kind: "receipt",
    orderId: r.orderId,
    to: [r.email],
    subject: `Your ${r.productName} licence (order #${r.orderId})`,
    html,
    text,
    secrets: receiptSecrets(secrets),
    secretRef: { orderId: r.orderId },
  };
}
