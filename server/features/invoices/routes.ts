import { z } from "zod";
import { INVOICE_CSV_COLUMNS, InvoiceListQuerySchema, InvoiceListSchema } from "../../../contract/invoices";
import { csvResponse } from "../../api/csv";
import { defineOperation } from "../../api/operation";
import { NotFoundError } from "../../platform/errors";
import type { Invoices } from "./documents";
import { invoiceHtml } from "./invoice-html";
import { invoicePdf, pdfFileName } from "./invoice-pdf";

/** An invoice or credit note number as it stands in a path (its slashes percent-encoded). */
export const DocumentNumberSchema = z
  .string()
  .trim()
  .regex(/^[A-Z0-9-]{1,8}\/(CN\/)?[0-9]{4}-[0-9]{2}\/[0-9]{5,}$/, "Not an invoice number.");

const htmlAnswer = (html: string) =>
  new Response(html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });

/** A document as a PDF answer, shown in the browser, saved under its number. */
const pdfAnswer = (number: string, bytes: Uint8Array) =>
  new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${pdfFileName(number)}"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });

const adminDocument = async (invoices: Invoices, number: string) => {
  const doc = await invoices.byNumber(number);
  if (!doc) throw new NotFoundError("There is no such invoice.");
  return doc;
};

/** The admin's view of issued invoices and credit notes. */
export const adminInvoiceOperations = [
  defineOperation({
    method: "get",
    path: "/admin/invoices",
    operationId: "listInvoices",
    tags: ["Orders"],
    summary: "Invoices and credit notes",
    description: "The register, oldest first, 50 a page; from/to are days of issue in India (inclusive). Amounts in rupees.",
    admin: true,
    query: InvoiceListQuerySchema,
    ok: [200, InvoiceListSchema],
    errors: [400],
    handler: (c, { query }) => c.get("services").invoices.register.list(query),
  }),
  defineOperation({
    method: "get",
    path: "/admin/invoices.csv",
    operationId: "exportInvoices",
    tags: ["Orders"],
    summary: "Invoices and credit notes as CSV",
    description:
      "text/csv for the GST return: number, kind (invoice | credit_note), date, buyer_gstin, place_of_supply, rate_percent, " +
      "taxable, cgst, sgst, igst, total, reverses " +
      "(a credit note's invoice); the list's filters, every match (page ignored). The answer's schema is one CSV text.",
    admin: true,
    query: InvoiceListQuerySchema,
    ok: [200, z.string()],
    okContentType: "text/csv",
    errors: [400],
    handler: (c, { query }) => {
      const chunks = (async function* () {
        for await (const items of c.get("services").invoices.register.stream(query))
          yield items.map((item) => INVOICE_CSV_COLUMNS.map((column) => item[column]));
      })();
      return csvResponse("invoices.csv", INVOICE_CSV_COLUMNS, chunks);
    },
  }),
  defineOperation({
    method: "get",
    path: "/admin/invoices/{number}",
    operationId: "getInvoiceHtml",
    tags: ["Orders"],
    summary: "An invoice or credit note as HTML",
    description: "The printable document (text/html) by its number, e.g. OL%2F2026-27%2F00001 (slashes percent-encoded).",
    admin: true,
    params: z.object({ number: DocumentNumberSchema }),
    ok: [200, z.string()],
    okContentType: "text/html",
    errors: [400, 404],
    handler: async (c, { params }) => {
      const doc = await adminDocument(c.get("services").invoices, params.number);
      return htmlAnswer(
        invoiceHtml(doc, {
          pdf: `/api/admin/invoices/${encodeURIComponent(doc.number)}/pdf`,
          back: { href: `/dashboard/orders/${doc.order_id}`, label: `Back to order #${doc.order_id}` },
        }),
      );
    },
  }),
  defineOperation({
    method: "get",
    path: "/admin/invoices/{number}/pdf",
    operationId: "getInvoicePdf",
    tags: ["Orders"],
    summary: "An invoice or credit note as PDF",
    description:
      "The same document as application/pdf (A4, the ₹ sign in an embedded font), shown inline and saved as e.g. OL-2026-27-00001.pdf.",
    admin: true,
    params: z.object({ number: DocumentNumberSchema }),
    ok: [200, z.string()],
    okContentType: "application/pdf",
    errors: [400, 404],
    handler: async (c, { params }) => {
      const doc = await adminDocument(c.get("services").invoices, params.number);
      return pdfAnswer(doc.number, await invoicePdf(doc));
    },
  }),
];
