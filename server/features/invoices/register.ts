import { and, asc, count, eq, gte, lt, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  INVOICE_PAGE_SIZE,
  type InvoiceList,
  type InvoiceListItem,
  type InvoiceListQuery,
  type InvoiceSums,
  type InvoiceTotals,
} from "../../../contract/invoices";
import { fromMinor } from "../../../contract/money";
import { invoices } from "../../platform/db/schema";
import type { ServiceDeps } from "../../platform/service-deps";
import { indiaDate, indiaDayAfter, indiaDayStart } from "../../../contract/time";

const i = invoices;
const r = alias(invoices, "r");

function where(q: Pick<InvoiceListQuery, "from" | "to">): SQL | undefined {
  return and(q.from ? gte(i.issuedAt, indiaDayStart(q.from)) : undefined, q.to ? lt(i.issuedAt, indiaDayAfter(q.to)) : undefined);
}

/** A money column summed over a group, read as the column reads (a number). */
const sumOf = <C extends AnyColumn>(column: C) => sql`sum(${column})`.mapWith(column);

/** The register of issued documents, oldest first, filtered by India's days of issue. */
export function createInvoiceRegister(deps: Pick<ServiceDeps, "db">) {
  const page = async (q: Pick<InvoiceListQuery, "from" | "to">, offset: number, limit: number): Promise<InvoiceListItem[]> => {
    const rows = await deps.db
      .select({
        number: i.number,
        kind: i.kind,
        orderId: i.orderId,
        issuedAt: i.issuedAt,
        buyerGstin: i.buyerGstin,
        placeOfSupply: i.placeOfSupply,
        rateBp: i.rateBp,
        taxableMinor: i.taxableMinor,
        cgstMinor: i.cgstMinor,
        sgstMinor: i.sgstMinor,
        igstMinor: i.igstMinor,
        totalMinor: i.totalMinor,
        reverses: r.number,
      })
      .from(i)
      .leftJoin(r, eq(r.id, i.reversesId))
      .where(where(q))
      .orderBy(asc(i.issuedAt), asc(i.id))
      .limit(limit)
      .offset(offset);
    return rows.map((row) => ({
      number: row.number,
      kind: row.kind,
      order_id: row.orderId,
      date: indiaDate(row.issuedAt),
      buyer_gstin: row.buyerGstin,
      place_of_supply: row.placeOfSupply,
      rate_percent: row.rateBp / 100,
      taxable: fromMinor(row.taxableMinor),
      cgst: fromMinor(row.cgstMinor),
      sgst: fromMinor(row.sgstMinor),
      igst: fromMinor(row.igstMinor),
      total: fromMinor(row.totalMinor),
      reverses: row.reverses,
    }));
  };

  return {
    async list(q: InvoiceListQuery): Promise<InvoiceList> {
      const [{ n }] = await deps.db.select({ n: count() }).from(i).where(where(q));
      return { items: await page(q, (q.page - 1) * INVOICE_PAGE_SIZE, INVOICE_PAGE_SIZE), total: n };
    },

    /** The period's sums per kind and tax head, added in paise (one range scan of the issue-date index). */
    async totals(q: Pick<InvoiceListQuery, "from" | "to">): Promise<InvoiceTotals> {
      const rows = await deps.db
        .select({
          kind: i.kind,
          count: count(),
          taxable: sumOf(i.taxableMinor),
          cgst: sumOf(i.cgstMinor),
          sgst: sumOf(i.sgstMinor),
          igst: sumOf(i.igstMinor),
          total: sumOf(i.totalMinor),
        })
        .from(i)
        .where(where(q))
        .groupBy(i.kind);
      const HEADS = ["taxable", "cgst", "sgst", "igst", "total"] as const;
      const none: InvoiceSums = { count: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 };
      const minor = (kind: string): InvoiceSums => {
        const row = rows.find((found) => found.kind === kind);
        return row ? { count: row.count, taxable: row.taxable, cgst: row.cgst, sgst: row.sgst, igst: row.igst, total: row.total } : none;
      };
      const invoice = minor("invoice");
      const credit = minor("credit_note");
      // Sums and the difference in paise; rupees only at the end, so the net is exact.
      const rupees = (sums: InvoiceSums): InvoiceSums => ({ ...sums, ...Object.fromEntries(HEADS.map((h) => [h, fromMinor(sums[h])])) });
      const net = {
        count: invoice.count + credit.count,
        ...Object.fromEntries(HEADS.map((h) => [h, invoice[h] - credit[h]])),
      } as InvoiceSums;
      const totals: InvoiceTotals = { invoice: rupees(invoice), credit_note: rupees(credit), net: rupees(net) };
      return totals;
    },

    /** Every matching document, a thousand at a time (the CSV export). */
    async *stream(q: Pick<InvoiceListQuery, "from" | "to">): AsyncGenerator<InvoiceListItem[]> {
      for (let offset = 0; ; offset += 1000) {
        const items = await page(q, offset, 1000);
        if (items.length) yield items;
        if (items.length < 1000) return;
      }
    },
  };
}
export type InvoiceRegister = ReturnType<typeof createInvoiceRegister>;
