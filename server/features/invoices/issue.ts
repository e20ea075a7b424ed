import { sql } from "drizzle-orm";
import { type TaxConfig, taxIsOn } from "../../../contract/tax-config";
import { queryRows } from "../../platform/db/query-rows";
import { invoices, orders, products, productVersions } from "../../platform/db/schema";
import { names } from "../../platform/db/sql-names";
import type { Executor } from "../../platform/db/client";
import { financialYear } from "./financial-year";
import { documentNumber, takeNumber } from "./numbering";
import { type TaxLines, taxHead } from "./tax";

type OrderFacts = {
  customer_name: string;
  customer_email: string;
  billing_state_code: string | null;
  billing_gstin: string | null;
  billing_legal_name: string | null;
  billing_address: string | null;
  amount_paid_minor: string;
  tax_minor: string | null;
  tax_rate_bp: number | null;
  product_name: string;
  version: string;
  licence_term_months: number;
};

/** The lines of a paid order: the tax fixed at checkout, split by the buyer's place of supply. */
function linesOf(tax: TaxConfig | undefined, o: OrderFacts): TaxLines | null {
  if (!taxIsOn(tax) || o.tax_minor == null || !o.billing_state_code) return null;
  const total = Number(o.amount_paid_minor);
  const taxMinor = Number(o.tax_minor);
  const head = taxHead(tax.state_code, o.billing_state_code);
  const ratePercent = Number(o.tax_rate_bp ?? 0) / 100;
  const cgst = head === "intra_state" ? Math.floor(taxMinor / 2) : 0;
  const sgst = head === "intra_state" ? taxMinor - cgst : 0;
  const igst = head === "intra_state" ? 0 : taxMinor;
  return { taxable: total - taxMinor, cgst, sgst, igst, total, ratePercent: head === "export" ? 0 : ratePercent, head };
}

export type Issued = { number: string; financialYear: string; seq: number };

/**
 * The tax invoice of a paid order (a receipt without tax lines when the supplier has no GSTIN),
 * numbered and written in the caller's transaction: the one that fulfils the order. The supplier's
 * and the buyer's details are copied, so the document never changes afterwards.
 */
export async function issueInvoice(
  tx: Executor,
  input: { tax: TaxConfig | undefined; supplierName: string; orderId: number; at: Date },
): Promise<Issued> {
  const [o] = await queryRows<OrderFacts>(
    tx,
    sql`select ${orders.customerName}, ${orders.customerEmail}, ${orders.billingStateCode}, ${orders.billingGstin},
        ${orders.billingLegalName}, ${orders.billingAddress}, ${orders.amountPaidMinor}, ${orders.taxMinor}, ${orders.taxRateBp},
        ${products.name} as product_name, ${productVersions.version}, ${productVersions.licenceTermMonths}
      from ${orders} join ${productVersions} on ${productVersions.id} = ${orders.productVersionId}
        join ${products} on ${products.id} = ${productVersions.productId}
      where ${orders.id} = ${input.orderId}`,
  );
  const { tax } = input;
  const lines = linesOf(tax, o);
  const total = Number(o.amount_paid_minor);
  const fy = financialYear(input.at);
  const seq = await takeNumber(tx, "invoice", fy);
  const number = documentNumber(tax?.invoice_prefix ?? "INV", "invoice", fy, seq);
  const registered = taxIsOn(tax) ? tax : null;
  const i = invoices;
  await tx.execute(sql`insert into ${i} (${names(
    i.number,
    i.kind,
    i.orderId,
    i.financialYear,
    i.seq,
    i.issuedAt,
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
    i.description,
    i.rateBp,
    i.taxableMinor,
    i.cgstMinor,
    i.sgstMinor,
    i.igstMinor,
    i.totalMinor,
  )}) values (${number}, 'invoice', ${input.orderId}, ${fy}, ${seq}, ${input.at.toISOString()}, ${lines != null},
    ${registered?.legal_name ?? input.supplierName}, ${registered?.address ?? null}, ${registered?.gstin ?? null},
    ${o.customer_name}, ${o.customer_email}, ${o.billing_gstin}, ${o.billing_legal_name}, ${o.billing_address},
    ${o.billing_state_code}, ${registered?.sac ?? null},
    ${`${o.product_name} ${o.version}, licence for ${Number(o.licence_term_months)} months`},
    ${lines ? Math.round(lines.ratePercent * 100) : 0}, ${lines?.taxable ?? total}, ${lines?.cgst ?? 0}, ${lines?.sgst ?? 0},
    ${lines?.igst ?? 0}, ${total})`);
  return { number, financialYear: fy, seq };
}
