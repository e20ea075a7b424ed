// GST arithmetic in exact integer paise. Rates are percentages with at most two decimals, handled as
// basis points so no product leaves the range of exact integers (a crore of rupees × 10,000 < 2^53).
import { OUTSIDE_INDIA } from "../../../contract/gst-states";

export type TaxHead = "intra_state" | "inter_state" | "export";

export type TaxLines = {
  /** Taxable value after discount. */
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** What the buyer pays: taxable + all tax. */
  total: number;
  ratePercent: number;
  head: TaxHead;
};

const basisPoints = (ratePercent: number) => Math.round(ratePercent * 100);

/** round(a / b) for a ≥ 0, b > 0, halves up, in integers. */
const roundDiv = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));

/**
 * Same state as the supplier: CGST + SGST; another state: IGST; outside India: an export of services,
 * zero-rated (supplied under a letter of undertaking, so no IGST is charged).
 */
export function taxHead(supplierState: string, buyerState: string): TaxHead {
  if (buyerState === OUTSIDE_INDIA) return "export";
  return buyerState === supplierState ? "intra_state" : "inter_state";
}

function split(taxable: number, tax: number, ratePercent: number, head: TaxHead): TaxLines {
  if (head === "export") return { taxable, cgst: 0, sgst: 0, igst: 0, total: taxable, ratePercent: 0, head };
  if (head === "inter_state") return { taxable, cgst: 0, sgst: 0, igst: tax, total: taxable + tax, ratePercent, head };
  const cgst = Math.floor(tax / 2);
  return { taxable, cgst, sgst: tax - cgst, igst: 0, total: taxable + tax, ratePercent, head };
}

/** From a tax-inclusive total T: taxable = round(T × 100 / (100 + r)), tax = T − taxable. */
export function fromInclusive(totalMinor: number, ratePercent: number, head: TaxHead): TaxLines {
  if (head === "export") return split(totalMinor, 0, ratePercent, head);
  const bp = basisPoints(ratePercent);
  const taxable = roundDiv(totalMinor * 10_000, 10_000 + bp);
  return split(taxable, totalMinor - taxable, ratePercent, head);
}

/** From a taxable value (prices before tax): tax = round(taxable × r / 100). */
export function fromExclusive(taxableMinor: number, ratePercent: number, head: TaxHead): TaxLines {
  if (head === "export") return split(taxableMinor, 0, ratePercent, head);
  return split(taxableMinor, roundDiv(taxableMinor * basisPoints(ratePercent), 10_000), ratePercent, head);
}

/**
 * The tax of one sale: the price after its coupon's discount is either the total the buyer pays (prices
 * include tax) or the taxable value the tax is added to.
 */
export function taxOfSale(input: {
  priceAfterDiscountMinor: number;
  ratePercent: number;
  pricesIncludeTax: boolean;
  supplierState: string;
  buyerState: string;
}): TaxLines {
  const head = taxHead(input.supplierState, input.buyerState);
  return input.pricesIncludeTax
    ? fromInclusive(input.priceAfterDiscountMinor, input.ratePercent, head)
    : fromExclusive(input.priceAfterDiscountMinor, input.ratePercent, head);
}

/**
 * The share of an invoice's tax lines that a refund of `refundMinor` out of its total reverses. Each
 * line is reversed in proportion (rounded), and a refund of the whole total reverses every line exactly.
 */
export function reverseInProportion(invoice: TaxLines, refundMinor: number): TaxLines {
  if (refundMinor >= invoice.total) return { ...invoice };
  const part = (v: number) => roundDiv(v * refundMinor, invoice.total);
  const cgst = part(invoice.cgst);
  const sgst = part(invoice.sgst);
  const igst = part(invoice.igst);
  const taxable = refundMinor - cgst - sgst - igst;
  return { ...invoice, taxable, cgst, sgst, igst, total: refundMinor };
}
