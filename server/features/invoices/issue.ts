import { eq } from "drizzle-orm";
import { type TaxConfig, taxIsOn } from "../../../contract/tax-config";
import { invoices, orders, products, productVersions } from "../../platform/db/schema";
import type { Db } from "../../platform/db/client";
import { financialYear } from "./financial-year";
import { documentNumber, takeNumber } from "./numbering";
import { type TaxLines, taxHead } from "./tax";

/** What the invoice copies from a paid order, its version and product. */
async function readOrderFacts(tx: Db, orderId: number) {
  const [facts] = await tx
    .select({
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      billingStateCode: orders.billingStateCode,
      billingGstin: orders.billingGstin,
      billingLegalName: orders.billingLegalName,
      billingAddress: orders.billingAddress,
      amountPaidMinor: orders.amountPaidMinor,
      taxMinor: orders.taxMinor,
      taxRateBp: orders.taxRateBp,
      productName: products.name,
      version: productVersions.version,
      licenceTermMonths: productVersions.licenceTermMonths,
    })
    .from(orders)
    .innerJoin(productVersions, eq(productVersions.id, orders.productVersionId))
    .innerJoin(products, eq(products.id, productVersions.productId))
    .where(eq(orders.id, orderId));
  return facts;
}
type OrderFacts = Awaited<ReturnType<typeof readOrderFacts>>;

/** The lines of a paid order: the tax fixed at checkout, split by the buyer's place of supply. */
function linesOf(tax: TaxConfig | undefined, o: OrderFacts): TaxLines | null {
  if (!taxIsOn(tax) || o.taxMinor == null || !o.billingStateCode) return null;
  const total = o.amountPaidMinor;
  const taxMinor = o.taxMinor;
  const head = taxHead(tax.state_code, o.billingStateCode);
  const ratePercent = (o.taxRateBp ?? 0) / 100;
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
  tx: Db,
  input: { tax: TaxConfig | undefined; supplierName: string; orderId: number; at: Date },
): Promise<Issued> {
  const o = await readOrderFacts(tx, input.orderId);
  const { tax } = input;
  const lines = linesOf(tax, o);
  const total = o.amountPaidMinor;
  const fy = financialYear(input.at);
  const seq = await takeNumber(tx, "invoice", fy);
  const number = documentNumber(tax?.invoice_prefix ?? "INV", "invoice", fy, seq);
  const registered = taxIsOn(tax) ? tax : null;
  await tx.insert(invoices).values({
    number,
    kind: "invoice",
    orderId: input.orderId,
    financialYear: fy,
    seq,
    issuedAt: input.at,
    taxInvoice: lines != null,
    supplierLegalName: registered?.legal_name ?? input.supplierName,
    supplierAddress: registered?.address ?? null,
    supplierGstin: registered?.gstin ?? null,
    buyerName: o.customerName,
    buyerEmail: o.customerEmail,
    buyerGstin: o.billingGstin,
    buyerLegalName: o.billingLegalName,
    buyerAddress: o.billingAddress,
    placeOfSupply: o.billingStateCode,
    sac: registered?.sac ?? null,
    description: `${o.productName} ${o.version}, licence for ${o.licenceTermMonths} months`,
    rateBp: lines ? Math.round(lines.ratePercent * 100) : 0,
    taxableMinor: lines?.taxable ?? total,
    cgstMinor: lines?.cgst ?? 0,
    sgstMinor: lines?.sgst ?? 0,
    igstMinor: lines?.igst ?? 0,
    totalMinor: total,
  });
  return { number, financialYear: fy, seq };
}
