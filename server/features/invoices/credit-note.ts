import { and, eq, sql, type AnyColumn } from "drizzle-orm";
import type { TaxConfig } from "../../../contract/tax-config";
import { invoices } from "../../platform/db/schema";
import type { Db } from "../../platform/db/client";
import { financialYear } from "./financial-year";
import type { Issued } from "./issue";
import { documentNumber, takeNumber } from "./numbering";
import { reverseInProportion, type TaxLines } from "./tax";

type Sums = { total: number; cgst: number; sgst: number; igst: number };

/** A sum of a money column over the order's earlier credit notes, 0 when there are none, read as the column reads. */
const sumOf = <C extends AnyColumn>(column: C) => sql`coalesce(sum(${column}), 0)`.mapWith(column);

/**
 * The credit note of one processed refund, numbered (`PREFIX/CN/FY/NNNNN`, its own gapless series)
 * and written in the caller's transaction: the one that records the refund as processed, so a
 * rollback gives the number back. It names the order's invoice and copies its parties, place of
 * supply and description; its tax lines reverse the invoice's in proportion to the money returned.
 *
 * The proportion is taken over all refunds so far: this note reverses what the refunds up to and
 * including this one reverse, less what earlier notes already reversed. Rounding each refund on its
 * own would let two halves reverse a paisa more tax than the invoice charged; this way the notes of
 * an order refunded in full add up to its invoice exactly. Null when the order has no invoice.
 */
export async function issueCreditNote(
  tx: Db,
  input: { tax: TaxConfig | undefined; orderId: number; refundId: number; amountMinor: number; at: Date },
): Promise<Issued | null> {
  const i = invoices;
  const [invoice] = await tx
    .select({
      id: i.id,
      total: i.totalMinor,
      cgst: i.cgstMinor,
      sgst: i.sgstMinor,
      igst: i.igstMinor,
      description: i.description,
      // Copied to the note as they are: an invoice never changes once issued.
      copied: {
        orderId: i.orderId,
        taxInvoice: i.taxInvoice,
        supplierLegalName: i.supplierLegalName,
        supplierAddress: i.supplierAddress,
        supplierGstin: i.supplierGstin,
        buyerName: i.buyerName,
        buyerEmail: i.buyerEmail,
        buyerGstin: i.buyerGstin,
        buyerLegalName: i.buyerLegalName,
        buyerAddress: i.buyerAddress,
        placeOfSupply: i.placeOfSupply,
        sac: i.sac,
        rateBp: i.rateBp,
      },
    })
    .from(i)
    .where(and(eq(i.orderId, input.orderId), eq(i.kind, "invoice")));
  if (!invoice) return null;
  const [prior] = await tx
    .select({ total: sumOf(i.totalMinor), cgst: sumOf(i.cgstMinor), sgst: sumOf(i.sgstMinor), igst: sumOf(i.igstMinor) })
    .from(i)
    .where(and(eq(i.reversesId, invoice.id), eq(i.kind, "credit_note")));
  const lines = ({ total, cgst, sgst, igst }: Sums): TaxLines => ({
    taxable: total - cgst - sgst - igst,
    cgst,
    sgst,
    igst,
    total,
    ratePercent: 0,
    head: "intra_state",
  });
  const before = lines(prior);
  const upTo = reverseInProportion(lines(invoice), before.total + input.amountMinor);
  const cgst = upTo.cgst - before.cgst;
  const sgst = upTo.sgst - before.sgst;
  const igst = upTo.igst - before.igst;
  const taxable = input.amountMinor - cgst - sgst - igst;

  const fy = financialYear(input.at);
  const seq = await takeNumber(tx, "credit_note", fy);
  const number = documentNumber(input.tax?.invoice_prefix ?? "INV", "credit_note", fy, seq);
  await tx.insert(i).values({
    ...invoice.copied,
    number,
    kind: "credit_note",
    refundId: input.refundId,
    reversesId: invoice.id,
    financialYear: fy,
    seq,
    issuedAt: input.at,
    description: `Refund: ${invoice.description}`,
    taxableMinor: taxable,
    cgstMinor: cgst,
    sgstMinor: sgst,
    igstMinor: igst,
    totalMinor: input.amountMinor,
  });
  return { number, financialYear: fy, seq };
}
