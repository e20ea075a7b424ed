import { BILLING_STATE_REQUIRED, type Billing, type QuoteTax } from "../../../contract/billing";
import { fromMinor } from "../../../contract/money";
import { type TaxConfig, taxIsOn } from "../../../contract/tax-config";
import { InvalidInputError } from "../../platform/errors";
import { type TaxLines, taxOfSale } from "./tax";

/**
 * The GST of one checkout, or null when the supplier has no GSTIN (no tax is charged). With tax on the
 * buyer's state decides the tax head, so a missing one is a field error.
 */
export function saleTax(tax: TaxConfig | undefined, priceAfterDiscountMinor: number, billing: Billing | undefined): TaxLines | null {
  if (!taxIsOn(tax)) return null;
  if (!billing) throw new InvalidInputError(BILLING_STATE_REQUIRED, { "billing.state_code": BILLING_STATE_REQUIRED });
  return taxOfSale({
    priceAfterDiscountMinor,
    ratePercent: tax.rate_percent,
    pricesIncludeTax: tax.prices_include_tax,
    supplierState: tax.state_code,
    buyerState: billing.state_code,
  });
}

/** The tax lines as a quote answers them: rupees. */
export function quoteTax(lines: TaxLines | null): QuoteTax | null {
  if (!lines) return null;
  return {
    taxable: fromMinor(lines.taxable),
    cgst: fromMinor(lines.cgst),
    sgst: fromMinor(lines.sgst),
    igst: fromMinor(lines.igst),
    rate_percent: lines.ratePercent,
  };
}
