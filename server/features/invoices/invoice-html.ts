import { placeOfSupply } from "../../../contract/gst-states";
import { formatInrMinor } from "../../../contract/money";
import type { InvoiceDocument } from "./documents";
import { indiaDate } from "./financial-year";

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
    ["Date", indiaDate(new Date(d.issued_at))],
    ...(d.reverses ? ([["Reverses invoice", d.reverses]] as [string, string][]) : []),
    ...(d.place_of_supply ? ([["Place of supply", placeOfSupply(d.place_of_supply)]] as [string, string][]) : []),
    ...(d.sac ? ([["SAC", d.sac]] as [string, string][]) : []),
  ];
  return { supplier, buyer, document };
}

/** The document as a self-contained printable HTML page (no scripts, inline styles). */
export function invoiceHtml(d: InvoiceDocument, pdfHref?: string): string {
  const title = documentTitle(d);
  const f = factLines(d);
  const rows = (pairs: [string, string][]) => pairs.map(([k, v]) => `<tr><th scope="row">${esc(k)}</th><td>${esc(v)}</td></tr>`).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} ${esc(d.number)}</title>
<style>body{font-family:system-ui,sans-serif;color:#111;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.25rem .5rem;border-bottom:1px solid #ddd;vertical-align:top}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}.parties{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr))}</style></head>
<body><h1>${esc(title)} ${esc(d.number)}</h1>
<div class="parties"><section><h2>Supplier</h2><p>${f.supplier.map(esc).join("<br>")}</p></section>
<section><h2>Billed to</h2><p>${f.buyer.map(esc).join("<br>")}</p></section></div>
<table>${rows(f.document)}</table>
<h2>Description</h2><p>${esc(d.description)}</p>
<table>${moneyLines(d)
    .map(([k, v]) => `<tr><th scope="row">${esc(k)}</th><td class="n">${esc(v)}</td></tr>`)
    .join("")}</table>
${pdfHref ? `<p><a href="${esc(pdfHref)}">Download as PDF</a></p>` : ""}
</body></html>`;
}
