import { formatInrMinor } from "../../../contract/money";
import type { Config } from "../../config";
import type { OutboxMail } from "../mail/outbox";

export type ReceiptFacts = {
  orderId: number;
  email: string;
  name: string;
  productName: string;
  version: string;
  totalMinor: number;
  paymentId: string;
  licenceKey: string;
  machineLimit: number;
  expiresAt: string;
  receiptPath: string;
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const inr = formatInrMinor;
const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** The receipt e-mail (licence key, order, amount, next steps), written to the outbox with the payment. */
export function receiptMail(config: Pick<Config, "site" | "publicOrigin">, r: ReceiptFacts): OutboxMail {
  const company = config.site.name;
  const link = `${config.publicOrigin}${r.receiptPath}`;
  const lines: [string, string][] = [
    ["Order", `#${r.orderId}`],
    ["Product", `${r.productName} ${r.version}`],
    ["Amount paid", inr(r.totalMinor)],
    ["Payment", r.paymentId],
    ["Licence valid until", day(r.expiresAt)],
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
    `    ${r.licenceKey}`,
    "",
    ...lines.map(([k, v]) => `${k}: ${v}`),
    "",
    "Next steps:",
    ...steps.map((s, i) => `${i + 1}. ${s}`),
    "",
    `Your receipt: ${link}`,
    "",
    `${company}${config.site.email ? ` · ${config.site.email}` : ""}`,
  ].join("\n");
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5">
<p>Hello ${escapeHtml(r.name)},</p>
<p>thank you for your order. Your licence key for ${escapeHtml(r.productName)} ${escapeHtml(r.version)}:</p>
<p style="font-family:ui-monospace,monospace;font-size:18px;font-weight:bold;letter-spacing:1px">${escapeHtml(r.licenceKey)}</p>
<table role="presentation">${lines.map(([k, v]) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join("")}</table>
<h2 style="font-size:16px">Next steps</h2>
<ol>${steps.map((s) => `<li>${escapeHtml(s)}</li>`).join("")}</ol>
<p><a href="${escapeHtml(link)}">Your receipt</a></p>
<p style="color:#555">${escapeHtml(company)}${config.site.email ? ` · ${escapeHtml(config.site.email)}` : ""}</p>
</body></html>`;
  return { kind: "receipt", to: [r.email], subject: `Your ${r.productName} licence (order #${r.orderId})`, html, text };
}
