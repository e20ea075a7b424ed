import { sql } from "drizzle-orm";
import type { TaxConfig } from "../../../contract/tax-config";
import { queryRows } from "../../platform/db/query-rows";
import { invoices } from "../../platform/db/schema";
import { names } from "../../platform/db/sql-names";
import type { Executor } from "../../platform/db/client";
import { financialYear } from "./financial-year";
import type { Issued } from "./issue";
import { documentNumber, takeNumber } from "./numbering";
import { reverseInProportion, type TaxLines } from "./tax";

type Sums = { total: string; cgst: string; sgst: string; igst: string };

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
  tx: Executor,
  input: { tax: TaxConfig | undefined; orderId: number; refundId: number; amountMinor: number; at: Date },
): Promise<Issued | null> {
  const i = invoices;
  const [invoice] = await queryRows<{ id: string } & Sums>(
    tx,
    sql`select ${i.id}, ${i.totalMinor}::text as total, ${i.cgstMinor}::text as cgst, ${i.sgstMinor}::text as sgst,
        ${i.igstMinor}::text as igst
      from ${i} where ${i.orderId} = ${input.orderId} and ${i.kind} = 'invoice'`,
  );
  if (!invoice) return null;
  const [prior] = await queryRows<Sums>(
    tx,
    sql`select coalesce(sum(${i.totalMinor}), 0)::text as total, coalesce(sum(${i.cgstMinor}), 0)::text as cgst,
        coalesce(sum(${i.sgstMinor}), 0)::text as sgst, coalesce(sum(${i.igstMinor}), 0)::text as igst
      from ${i} where ${i.reversesId} = ${invoice.id} and ${i.kind} = 'credit_note'`,
  );
  const lines = (s: Sums): TaxLines => {
    const [total, cgst, sgst, igst] = [s.total, s.cgst, s.sgst, s.igst].map(Number);
    return { taxable: total - cgst - sgst - igst, cgst, sgst, igst, total, ratePercent: 0, head: "intra_state" };
  };
  const before = lines(prior);
  const upTo = reverseInProportion(lines(invoice), before.total + input.amountMinor);
  const cgst = upTo.cgst - before.cgst;
  const sgst = upTo.sgst - before.sgst;
  const igst = upTo.igst - before.igst;
  const taxable = input.amountMinor - cgst - sgst - igst;

  const fy = financialYear(input.at);
  const seq = await takeNumber(tx, "credit_note", fy);
  const number = documentNumber(input.tax?.invoice_prefix ?? "INV", "credit_note", fy, seq);
  const copied = [
    i.orderId,
    i.taxInvoice,
    i.supplierLegalName,
    i.supplierAddress,
    i.supplierGstin,
    i.buyerName,
    i.buyerEmail,
    i.buyerGstin,
    i.buyerLegalName,
    i.buyerAddress,
    i.placeOfSupply,
    i.sac,
    i.rateBp,
  ] as const;
  await tx.execute(sql`insert into ${i} (${names(
    i.number,
    i.kind,
    i.refundId,
    i.reversesId,
    i.financialYear,
    i.seq,
    i.issuedAt,
    i.description,
    i.taxableMinor,
    i.cgstMinor,
    i.sgstMinor,
    i.igstMinor,
    i.totalMinor,
    ...copied,
  )})
    select ${number}, 'credit_note', ${input.refundId}, ${i.id}, ${fy}, ${seq}, ${input.at.toISOString()},
      'Refund: ' || ${i.description}, ${taxable}, ${cgst}, ${sgst}, ${igst}, ${input.amountMinor},
      ${sql.join(
        copied.map((c) => sql`${c}`),
        sql`, `,
      )}
    from ${i} where ${i.id} = ${invoice.id}`);
  return { number, financialYear: fy, seq };
}
