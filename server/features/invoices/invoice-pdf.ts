import PDFDocument from "pdfkit";
import type { InvoiceDocument } from "./invoice-document";
import { documentTitle, factLines, moneyLines, signatureLine } from "./invoice-html";
import { invoiceFonts } from "./pdf-font";

/** The file name a document downloads as: its number with the slashes as hyphens. */
export const pdfFileName = (number: string) => `${number.replace(/[^A-Za-z0-9-]/g, "-")}.pdf`;

const A4 = { width: 595.28, margin: 56 };
const INK = "#111111";
const MUTED = "#555555";
const RULE = "#cccccc";

/**
 * The document as an A4 PDF with the same facts as its HTML page (`invoice-html.ts`: the same
 * title, parties, facts and money lines), text in the embedded Inter (`pdf-font.ts`) so that ₹ prints and copies.
 * The creation date is the day of issue, so the same document makes the same PDF.
 */
export async function invoicePdf(d: InvoiceDocument): Promise<Uint8Array> {
  const title = `${documentTitle(d)} ${d.number}`;
  const pdf = new PDFDocument({
    size: "A4",
    margin: A4.margin,
    // No default font: pdfkit would parse Helvetica's metrics for every document, and all text here is Inter.
    font: "",
    lang: "en-IN",
    displayTitle: true,
    info: { Title: title, Author: d.supplier_legal_name, Subject: d.description, CreationDate: new Date(d.issued_at) },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.on("end", resolve);
    pdf.on("error", reject);
  });
  const { regular, bold } = invoiceFonts();
  pdf.registerFont("regular", regular);
  pdf.registerFont("bold", bold);

  const left = A4.margin;
  const inner = A4.width - 2 * A4.margin;
  const heading = (text: string, x: number, y: number, width: number) =>
    pdf.font("bold").fontSize(9).fillColor(MUTED).text(text.toUpperCase(), x, y, { width, characterSpacing: 0.5 });
  const rule = (y: number) =>
    pdf
      .moveTo(left, y)
      .lineTo(left + inner, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();

  pdf.font("bold").fontSize(18).fillColor(INK).text(title, left, A4.margin, { width: inner });

  // Supplier and buyer side by side.
  const f = factLines(d);
  const top = pdf.y + 18;
  const column = (inner - 24) / 2;
  let bottom = top;
  for (const [label, lines, x] of [
    ["Supplier", f.supplier, left],
    ["Billed to", f.buyer, left + column + 24],
  ] as const) {
    heading(label, x, top, column);
    pdf
      .font("regular")
      .fontSize(10.5)
      .fillColor(INK)
      .text(lines.join("\n"), x, pdf.y + 4, { width: column, lineGap: 2 });
    bottom = Math.max(bottom, pdf.y);
  }

  // Number, date, the invoice a credit note reverses, place of supply, SAC.
  let y = bottom + 18;
  rule(y);
  y += 8;
  for (const [label, value] of f.document) {
    // The label column fits "Tax payable on reverse charge" on one line.
    pdf.font("bold").fontSize(10).fillColor(MUTED).text(label, left, y, { width: 170 });
    pdf
      .font("regular")
      .fontSize(10.5)
      .fillColor(INK)
      .text(value, left + 180, y, { width: inner - 180 });
    y = pdf.y + 5;
  }
  rule(y);

  heading("Description", left, y + 14, inner);
  pdf
    .font("regular")
    .fontSize(10.5)
    .fillColor(INK)
    .text(d.description, left, pdf.y + 4, { width: inner });

  // Money: label on the left, amount right-aligned; a rule above the total.
  y = pdf.y + 18;
  const lines = moneyLines(d);
  lines.forEach(([label, amount], index) => {
    const last = index === lines.length - 1;
    if (last) {
      rule(y);
      y += 6;
    }
    const font = last ? "bold" : "regular";
    pdf
      .font(font)
      .fontSize(last ? 12 : 10.5)
      .fillColor(INK)
      .text(label, left, y, { width: inner - 140 });
    pdf.font(font).text(amount, left + inner - 140, y, { width: 140, align: "right" });
    y = pdf.y + 5;
  });

  pdf
    .font("bold")
    .fontSize(10.5)
    .fillColor(INK)
    .text(signatureLine(d), left, y + 36, { width: inner, align: "right" });

  pdf.end();
  await ended;
  return Buffer.concat(chunks);
}
