import { placeOfSupply } from "../../../contract/gst-states";
import { formatInrMinor } from "../../../contract/money";
import type { InvoiceDocument } from "./invoice-document";
import { formatDate } from "../../../contract/time";

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const inr = formatInrMinor;

/** The document's title: what the law calls it. */
export function documentTitle(d: Pick<InvoiceDocument, "kind" | "tax_invoice">): string {
  if (d.kind === "credit_note") return "Credit note";
  return d.tax_invoice ? "Tax invoice" : "Receipt";
}

/** The lines of money as label/amount pairs: taxable value, the tax heads that apply, total. */
export function moneyLines(d: InvoiceDocument): [string, string][] {
  const rate = d.rate_bp / 100;
  const lines: [string, string][] = [[d.tax_invoice ? "Taxable value (after discount)" : "Amount", inr(d.taxable_minor)]];
  if (d.tax_invoice) {
    if (d.igst_minor > 0 || (d.cgst_minor === 0 && d.sgst_minor === 0 && rate > 0)) lines.push([`IGST @ ${rate}%`, inr(d.igst_minor)]);
    else if (rate > 0) {
      lines.push([`CGST @ ${rate / 2}%`, inr(d.cgst_minor)]);
      lines.push([`SGST @ ${rate / 2}%`, inr(d.sgst_minor)]);
    } else lines.push(["IGST @ 0% (export of services under LUT)", inr(0)]);
  }
  lines.push(["Total", inr(d.total_minor)]);
  return lines;
}

/** Party and document facts as label/value pairs, in the order CGST Rule 46 lists them. */
export function factLines(d: InvoiceDocument): { supplier: string[]; buyer: string[]; document: [string, string][] } {
  const supplier = [d.supplier_legal_name, d.supplier_address ?? "", d.supplier_gstin ? `GSTIN ${d.supplier_gstin}` : ""].filter(Boolean);
  const buyer = [
    d.buyer_legal_name ?? d.buyer_name,
    d.buyer_legal_name ? `Attn. ${d.buyer_name}` : "",
    d.buyer_address ?? "",
    d.buyer_email,
    d.buyer_gstin ? `GSTIN ${d.buyer_gstin}` : "",
  ].filter(Boolean);
  const document: [string, string][] = [
    ["Number", d.number],
    ["Date", formatDate(d.issued_at)],
  ];
  if (d.reverses) {
    // A credit note names the invoice it reverses with that invoice's date, and why.
    document.push(["Reverses invoice", `${d.reverses} dated ${d.reverses_issued_at ? formatDate(d.reverses_issued_at) : ""}`.trim()]);
    document.push(["Reason", d.reason?.trim() || "Refund"]);
  }
  if (d.place_of_supply) document.push(["Place of supply", placeOfSupply(d.place_of_supply)]);
  if (d.sac) document.push(["SAC", d.sac]);
  if (d.tax_invoice) document.push(["Tax payable on reverse charge", "No"]);
  return { supplier, buyer, document };
}

/** The closing line of every document (CGST Rule 46: signed for the supplier). */
export const signatureLine = (d: Pick<InvoiceDocument, "supplier_legal_name">) => `For ${d.supplier_legal_name} — Authorised signatory`;

/** Where the page links: its PDF, and back to the reader's account or the admin's order. */
export type InvoiceLinks = { pdf?: string; back?: { href: string; label: string } };

// The site's look (the header bar, slate text, sky links, white cards) in inline CSS: the page is
// one self-contained file, printable, with no script; the bar and links are not printed.
const STYLE = `*{box-sizing:border-box}body{margin:0;background:#f8fafc;color:#0f172a;line-height:1.5;
font-family:"Inter Variable",Inter,system-ui,-apple-system,"Segoe UI",sans-serif}
header{background:#fff;border-bottom:1px solid #e2e8f0}header div{max-width:48rem;margin:0 auto;padding:.75rem 1rem;display:flex;
flex-wrap:wrap;gap:.5rem 1rem;justify-content:space-between;align-items:center}header strong{font-size:1.125rem}
a{color:#075985;font-weight:600}a:hover{color:#0c4a6e}main{max-width:48rem;margin:1.5rem auto;padding:0 1rem}
article{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 2px rgb(0 0 0/.05)}
h1{font-size:1.5rem;margin:0 0 1rem}h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:#475569;margin:1.25rem 0 .25rem}
table{border-collapse:collapse;width:100%;margin-top:1rem}th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid #e2e8f0;vertical-align:top}
th{color:#334155;font-weight:600}td.n{text-align:right;font-variant-numeric:tabular-nums}tr.total th,tr.total td{font-weight:700;border-bottom:0}
.parties{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr))}.parties p{margin:0}
.sign{margin-top:2rem;text-align:right;font-weight:600}.actions{margin-top:1rem;display:flex;gap:1rem;flex-wrap:wrap}
@media print{header,.actions{display:none}body{background:#fff}article{border:0;box-shadow:none;padding:0}main{margin:0}}`;

/** The document as a self-contained printable HTML page (no scripts, inline styles), styled like the site. */
export function invoiceHtml(d: InvoiceDocument, links: InvoiceLinks = {}): string {
  const title = documentTitle(d);
  const f = factLines(d);
  const rows = (pairs: [string, string][]) => pairs.map(([k, v]) => `<tr><th scope="row">${esc(k)}</th><td>${esc(v)}</td></tr>`).join("");
  const money = moneyLines(d);
  const back = links.back ? `<a href="${esc(links.back.href)}">${esc(links.back.label)}</a>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} ${esc(d.number)}</title><style>${STYLE}</style></head>
<body><header><div><strong>${esc(d.supplier_legal_name)}</strong>${back}</div></header>
<main><article><h1>${esc(title)} ${esc(d.number)}</h1>
<div class="parties"><section><h2>Supplier</h2><p>${f.supplier.map(esc).join("<br>")}</p></section>
<section><h2>Billed to</h2><p>${f.buyer.map(esc).join("<br>")}</p></section></div>
<table>${rows(f.document)}</table>
<h2>Description</h2><p>${esc(d.description)}</p>
<table>${money
    .map(
      ([k, v], index) =>
        `<tr${index === money.length - 1 ? ' class="total"' : ""}><th scope="row">${esc(k)}</th><td class="n">${esc(v)}</td></tr>`,
    )
    .join("")}</table>
<p class="sign">${esc(signatureLine(d))}</p></article>
<p class="actions">${links.pdf ? `<a href="${esc(links.pdf)}">Download as PDF</a>` : ""}${back}</p>
</main></body></html>`;
}
