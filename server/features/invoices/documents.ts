import { and, asc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { invoices, orders, refunds } from "../../platform/db/schema";
import type { ServiceDeps } from "../../platform/service-deps";
import { NotFoundError } from "../../platform/errors";
import { indiaDate } from "./financial-year";
import type { InvoiceDocument } from "./invoice-document";
import { type InvoiceLinks, invoiceHtml } from "./invoice-html";
import { invoicePdf, pdfFileName } from "./invoice-pdf";
import { createInvoiceRegister } from "./register";

/** A document as the account lists it under its order. */
export type OrderDocument = { number: string; kind: "invoice" | "credit_note"; order_id: number; date: string };

const i = invoices;
const r = alias(invoices, "r");

/** Reads issued invoices and credit notes. */
export function createInvoices(deps: Pick<ServiceDeps, "db">) {
  const service = {
    register: createInvoiceRegister(deps),

    async byNumber(number: string): Promise<InvoiceDocument | null> {
      const [row] = await deps.db
        .select({
          number: i.number,
          kind: i.kind,
          order_id: i.orderId,
          issued_at: i.issuedAt,
          tax_invoice: i.taxInvoice,
          supplier_legal_name: i.supplierLegalName,
          supplier_address: i.supplierAddress,
          supplier_gstin: i.supplierGstin,
          buyer_name: i.buyerName,
          buyer_email: i.buyerEmail,
          buyer_gstin: i.buyerGstin,
          buyer_legal_name: i.buyerLegalName,
          buyer_address: i.buyerAddress,
          place_of_supply: i.placeOfSupply,
          sac: i.sac,
          description: i.description,
          rate_bp: i.rateBp,
          taxable_minor: i.taxableMinor,
          cgst_minor: i.cgstMinor,
          sgst_minor: i.sgstMinor,
          igst_minor: i.igstMinor,
          total_minor: i.totalMinor,
          reverses: r.number,
          reverses_issued_at: r.issuedAt,
          reason: refunds.reason,
        })
        .from(i)
        .leftJoin(r, eq(r.id, i.reversesId))
        .leftJoin(refunds, eq(refunds.id, i.refundId))
        .where(eq(i.number, number));
      if (!row) return null;
      return { ...row, issued_at: row.issued_at.toISOString(), reverses_issued_at: row.reverses_issued_at?.toISOString() ?? null };
    },

    /** The number of an order's invoice, if it has one. */
    async numberOfOrder(orderId: number): Promise<string | null> {
      const [row] = await deps.db
        .select({ number: i.number })
        .from(i)
        .where(and(eq(i.orderId, orderId), eq(i.kind, "invoice")));
      return row?.number ?? null;
    },

    /** Every document of these orders (invoice first, then its credit notes), for the account page. */
    async ofOrders(orderIds: number[]): Promise<OrderDocument[]> {
      if (orderIds.length === 0) return [];
      const rows = await deps.db
        .select({ number: i.number, kind: i.kind, order_id: i.orderId, issuedAt: i.issuedAt })
        .from(i)
        .where(inArray(i.orderId, orderIds))
        .orderBy(asc(i.orderId), asc(i.issuedAt), asc(i.id));
      return rows.map(({ issuedAt, ...row }) => ({ ...row, date: indiaDate(issuedAt) }));
    },

    /**
     * A document of `orderId` (the caller has checked the buyer's access to that order); another
     * order's number is not found, so a token opens its own order's documents only.
     */
    async ofOrder(number: string, orderId: number): Promise<InvoiceDocument> {
      const doc = await service.byNumber(number);
      if (!doc || doc.order_id !== orderId) throw new NotFoundError("There is no such invoice.");
      return doc;
    },

    /** A document of one of the customer's own orders; anyone else's is not found. */
    async ofCustomer(number: string, customerId: number): Promise<InvoiceDocument> {
      const doc = await service.byNumber(number);
      const owner = doc
        ? await deps.db
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.id, doc.order_id), eq(orders.customerId, customerId)))
        : [];
      if (!doc || owner.length === 0) throw new NotFoundError("There is no such invoice.");
      return doc;
    },

    /** The printable page, with its links (the PDF, and back to where the reader came from). */
    html: (doc: InvoiceDocument, links: InvoiceLinks) => invoiceHtml(doc, links),
    pdf: invoicePdf,
    pdfFileName,
  };
  return service;
}
export type Invoices = ReturnType<typeof createInvoices>;
