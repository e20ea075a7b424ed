import { type SQL, sql } from "drizzle-orm";
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
import { queryRows } from "../../platform/db/query-rows";
import { invoices } from "../../platform/db/schema";
import type { ServiceDeps } from "../../platform/service-deps";
import { indiaDate, indiaDayAfter, indiaDayStart } from "../../../contract/time";

const i = invoices;
const r = alias(invoices, "r");

type Row = Record<"number" | "kind" | "buyer_gstin" | "place_of_supply" | "reverses", string | null> &
  Record<"order_id" | "rate_bp" | "taxable_minor" | "cgst_minor" | "sgst_minor" | "igst_minor" | "total_minor", string> & {
    issued_at: string;
  };

function where(q: Pick<InvoiceListQuery, "from" | "to">): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.from) parts.push(sql`${i.issuedAt} >= ${indiaDayStart(q.from).toISOString()}`);
  if (q.to) parts.push(sql`${i.issuedAt} < ${indiaDayAfter(q.to).toISOString()}`);
  return sql.join(parts, sql` and `);
}

const item = (row: Row): InvoiceListItem => ({
  number: row.number as string,
  kind: row.kind as InvoiceListItem["kind"],
  order_id: Number(row.order_id),
  date: indiaDate(new Date(row.issued_at)),
  buyer_gstin: row.buyer_gstin,
  place_of_supply: row.place_of_supply,
  rate_percent: Number(row.rate_bp) / 100,
  taxable: fromMinor(Number(row.taxable_minor)),
  cgst: fromMinor(Number(row.cgst_minor)),
  sgst: fromMinor(Number(row.sgst_minor)),
  igst: fromMinor(Number(row.igst_minor)),
  total: fromMinor(Number(row.total_minor)),
  reverses: row.reverses,
});

/** The register of issued documents, oldest first, filtered by India's days of issue. */
export function createInvoiceRegister(deps: Pick<ServiceDeps, "db">) {
  const page = async (q: Pick<InvoiceListQuery, "from" | "to">, offset: number, limit: number) =>
    (
      await queryRows<Row>(
        deps.db,
        sql`select ${i.number}, ${i.kind}, ${i.orderId}, ${i.issuedAt}, ${i.buyerGstin}, ${i.placeOfSupply}, ${i.rateBp}, ${i.taxableMinor},
          ${i.cgstMinor}, ${i.sgstMinor}, ${i.igstMinor}, ${i.totalMinor}, ${r.number} as reverses
        from ${i} left join ${invoices} ${r} on ${r.id} = ${i.reversesId}
        where ${where(q)} order by ${i.issuedAt}, ${i.id} limit ${limit} offset ${offset}`,
      )
    ).map(item);

  return {
    async list(q: InvoiceListQuery): Promise<InvoiceList> {
      const [{ n }] = await queryRows<{ n: string }>(deps.db, sql`select count(*) as n from ${i} where ${where(q)}`);
      return { items: await page(q, (q.page - 1) * INVOICE_PAGE_SIZE, INVOICE_PAGE_SIZE), total: Number(n) };
    },

    /** The period's sums per kind and tax head, added in paise (one range scan of the issue-date index). */
    async totals(q: Pick<InvoiceListQuery, "from" | "to">): Promise<InvoiceTotals> {
      const rows = await queryRows<Record<"kind" | "n" | "taxable" | "cgst" | "sgst" | "igst" | "total", string>>(
        deps.db,
        sql`select ${i.kind}, count(*) as n, sum(${i.taxableMinor}) as taxable, sum(${i.cgstMinor}) as cgst, sum(${i.sgstMinor}) as sgst,
          sum(${i.igstMinor}) as igst, sum(${i.totalMinor}) as total
        from ${i} where ${where(q)} group by ${i.kind}`,
      );
      const HEADS = ["taxable", "cgst", "sgst", "igst", "total"] as const;
      const minor = (kind: string) => {
        const row = rows.find((r) => r.kind === kind);
        return { count: Number(row?.n ?? 0), ...Object.fromEntries(HEADS.map((h) => [h, Number(row?.[h] ?? 0)])) } as InvoiceSums;
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
