import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { queryRows } from "../../platform/db/query-rows";
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
      const rows = await queryRows<InvoiceDocument>(
        deps.db,
        sql`select ${i.number}, ${i.kind}, ${i.orderId}, ${i.issuedAt}, ${i.taxInvoice}, ${i.supplierLegalName}, ${i.supplierAddress},
          ${i.supplierGstin}, ${i.buyerName}, ${i.buyerEmail}, ${i.buyerGstin}, ${i.buyerLegalName}, ${i.buyerAddress}, ${i.placeOfSupply},
          ${i.sac}, ${i.description}, ${i.rateBp}, ${i.taxableMinor}, ${i.cgstMinor}, ${i.sgstMinor}, ${i.igstMinor}, ${i.totalMinor},
          ${r.number} as reverses, ${r.issuedAt} as reverses_issued_at, ${refunds.reason} as reason
        from ${i} left join ${invoices} ${r} on ${r.id} = ${i.reversesId} left join ${refunds} on ${refunds.id} = ${i.refundId}
        where ${i.number} = ${number}`,
      );
      const row = rows[0];
      if (!row) return null;
      const n = (v: unknown) => Number(v);
      return {
        ...row,
        order_id: n(row.order_id),
        issued_at: new Date(row.issued_at).toISOString(),
        reverses_issued_at: row.reverses_issued_at ? new Date(row.reverses_issued_at).toISOString() : null,
        rate_bp: n(row.rate_bp),
        taxable_minor: n(row.taxable_minor),
        cgst_minor: n(row.cgst_minor),
        sgst_minor: n(row.sgst_minor),
        igst_minor: n(row.igst_minor),
        total_minor: n(row.total_minor),
      };
    },

    /** The number of an order's invoice, if it has one. */
    async numberOfOrder(orderId: number): Promise<string | null> {
      const rows = await queryRows<{ number: string }>(
        deps.db,
        sql`select ${i.number} from ${i} where ${i.orderId} = ${orderId} and ${i.kind} = 'invoice'`,
      );
      return rows[0]?.number ?? null;
    },

    /** Every document of these orders (invoice first, then its credit notes), for the account page. */
    async ofOrders(orderIds: number[]): Promise<OrderDocument[]> {
      if (orderIds.length === 0) return [];
      const rows = await queryRows<{ number: string; kind: OrderDocument["kind"]; order_id: string; issued_at: string }>(
        deps.db,
        sql`select ${i.number}, ${i.kind}, ${i.orderId}, ${i.issuedAt} from ${i}
          where ${i.orderId} in (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          order by ${i.orderId}, ${i.issuedAt}, ${i.id}`,
      );
      return rows.map((row) => ({
        number: row.number,
        kind: row.kind,
        order_id: Number(row.order_id),
        date: indiaDate(new Date(row.issued_at)),
      }));
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
        ? await queryRows<{ id: string }>(
            deps.db,
            sql`select ${orders.id} from ${orders} where ${orders.id} = ${doc.order_id} and ${orders.customerId} = ${customerId}`,
          )
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
