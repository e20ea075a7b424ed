import { z } from "zod";
import { calendarDay } from "./common";

// The admin's register of invoices and credit notes (the GST return's source). Money in decimal
// rupees like every amount of the API; days are India's calendar days.

/** Query of GET /api/admin/invoices and /api/admin/invoices.csv: first and last day of issue (inclusive, India time). */
export const InvoiceListQuerySchema = z.object({
  from: calendarDay("Use a date such as 2026-04-01.").optional(),
  to: calendarDay("Use a date such as 2027-03-31.").optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuerySchema>;
export const INVOICE_PAGE_SIZE = 50;

export const InvoiceListItemSchema = z.object({
  number: z.string(),
  kind: z.enum(["invoice", "credit_note"]),
  order_id: z.number().int(),
  /** Day of issue in India, YYYY-MM-DD. */
  date: z.string(),
  buyer_gstin: z.string().nullable(),
  /** Two-digit GST state code, 96 outside India; null on a receipt of an unregistered supplier. */
  place_of_supply: z.string().nullable(),
  /** The GST rate in percent (18, or 0 on a receipt or an export). */
  rate_percent: z.number(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
  /** A credit note's invoice number. */
  reverses: z.string().nullable(),
});
export type InvoiceListItem = z.infer<typeof InvoiceListItemSchema>;

/** Oldest first (the order of the register), `total` the number of matching documents. */
export const InvoiceListSchema = z.object({ items: z.array(InvoiceListItemSchema), total: z.number().int() });
export type InvoiceList = z.infer<typeof InvoiceListSchema>;

/** One row of a period's sums per tax head, in rupees. */
export type InvoiceSums = { count: number; taxable: number; cgst: number; sgst: number; igst: number; total: number };
/** A period's sums (the invoices screen): invoices, credit notes, and invoices less credit notes. */
export type InvoiceTotals = Record<"invoice" | "credit_note" | "net", InvoiceSums>;

/** The CSV's columns, in this order, for the GST return. */
export const INVOICE_CSV_COLUMNS = [
  "number",
  "kind",
  "date",
  "buyer_gstin",
  "place_of_supply",
  "rate_percent",
  "taxable",
  "cgst",
  "sgst",
  "igst",
  "total",
  "reverses",
] as const satisfies readonly (keyof InvoiceListItem)[];
