import { describe, expect, it } from "vitest";
import { fromInclusive, reverseInProportion, taxHead, taxOfSale } from "./tax";

// Worked by hand: T = 1,499.00 at 18 %: 149900 × 100 / 118 = 127033.898… → 127034; tax 22866.
const MH = "27"; // the supplier's state in these examples (Maharashtra)
const table: {
  name: string;
  price: number;
  rate: number;
  inclusive: boolean;
  buyer: string;
  want: { taxable: number; cgst: number; sgst: number; igst: number; total: number };
}[] = [
  {
    name: "inclusive, same state",
    price: 149900,
    rate: 18,
    inclusive: true,
    buyer: MH,
    want: { taxable: 127034, cgst: 11433, sgst: 11433, igst: 0, total: 149900 },
  },
  {
    name: "inclusive, other state",
    price: 149900,
    rate: 18,
    inclusive: true,
    buyer: "29",
    want: { taxable: 127034, cgst: 0, sgst: 0, igst: 22866, total: 149900 },
  },
  // 10 % coupon on 1,499.00: 14990 off → 134910; 134910 / 1.18 = 114330.508… → 114331; tax 20579 (odd: SGST takes the paisa).
  {
    name: "inclusive with a coupon, odd tax",
    price: 134910,
    rate: 18,
    inclusive: true,
    buyer: MH,
    want: { taxable: 114331, cgst: 10289, sgst: 10290, igst: 0, total: 134910 },
  },
  // ₹1.00: 100 / 1.18 = 84.745… → 85; tax 15 → 7 + 8.
  {
    name: "odd paise, one rupee",
    price: 100,
    rate: 18,
    inclusive: true,
    buyer: MH,
    want: { taxable: 85, cgst: 7, sgst: 8, igst: 0, total: 100 },
  },
  // 14 paise at 12 %: 1400 / 112 = 12.5 exactly → rounds half up to 13; tax 1 → 0 + 1.
  {
    name: "an exact half rounds up",
    price: 14,
    rate: 12,
    inclusive: true,
    buyer: MH,
    want: { taxable: 13, cgst: 0, sgst: 1, igst: 0, total: 14 },
  },
  // Exclusive: 1,499.00 + 18 % = 269.82 → total 1,768.82.
  {
    name: "exclusive, same state",
    price: 149900,
    rate: 18,
    inclusive: false,
    buyer: MH,
    want: { taxable: 149900, cgst: 13491, sgst: 13491, igst: 0, total: 176882 },
  },
  // 1.05 × 18 % = 18.9 paise → 19 → 9 + 10.
  {
    name: "exclusive, odd paise",
    price: 105,
    rate: 18,
    inclusive: false,
    buyer: MH,
    want: { taxable: 105, cgst: 9, sgst: 10, igst: 0, total: 124 },
  },
  {
    name: "exclusive, other state",
    price: 105,
    rate: 18,
    inclusive: false,
    buyer: "07",
    want: { taxable: 105, cgst: 0, sgst: 0, igst: 19, total: 124 },
  },
  // 999.00 at 5 %: 99900 / 1.05 = 95142.857… → 95143; tax 4757 → 2378 + 2379.
  {
    name: "another rate",
    price: 99900,
    rate: 5,
    inclusive: true,
    buyer: MH,
    want: { taxable: 95143, cgst: 2378, sgst: 2379, igst: 0, total: 99900 },
  },
  {
    name: "export, inclusive: zero-rated",
    price: 149900,
    rate: 18,
    inclusive: true,
    buyer: "96",
    want: { taxable: 149900, cgst: 0, sgst: 0, igst: 0, total: 149900 },
  },
  {
    name: "export, exclusive: zero-rated",
    price: 149900,
    rate: 18,
    inclusive: false,
    buyer: "96",
    want: { taxable: 149900, cgst: 0, sgst: 0, igst: 0, total: 149900 },
  },
  { name: "free order", price: 0, rate: 18, inclusive: true, buyer: MH, want: { taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 } },
];

describe("GST arithmetic", () => {
  it.each(table)("$name", ({ price, rate, inclusive, buyer, want }) => {
    const lines = taxOfSale({
      priceAfterDiscountMinor: price,
      ratePercent: rate,
      pricesIncludeTax: inclusive,
      supplierState: MH,
      buyerState: buyer,
    });
    expect({ taxable: lines.taxable, cgst: lines.cgst, sgst: lines.sgst, igst: lines.igst, total: lines.total }).toEqual(want);
    expect(lines.taxable + lines.cgst + lines.sgst + lines.igst).toBe(lines.total);
  });

  it("names the tax head by place of supply", () => {
    expect(taxHead("27", "27")).toBe("intra_state");
    expect(taxHead("27", "29")).toBe("inter_state");
    expect(taxHead("27", "96")).toBe("export");
  });

  it("keeps every total whole for all prices up to ₹100 at 18 %", () => {
    const wrong: number[] = [];
    for (let t = 0; t <= 10_000; t++) {
      const l = fromInclusive(t, 18, "intra_state");
      if (l.taxable + l.cgst + l.sgst !== t || l.sgst - l.cgst > 1 || l.sgst < l.cgst) wrong.push(t);
    }
    expect(wrong).toEqual([]);
  });

  it("reverses tax in proportion to a refund, and all of it on a full refund", () => {
    const invoice = fromInclusive(149900, 18, "intra_state");
    // Half: 11433 × 74950 / 149900 = 5716.5 → 5717 each; taxable is the rest of the refund.
    expect(reverseInProportion(invoice, 74950)).toMatchObject({ taxable: 63516, cgst: 5717, sgst: 5717, igst: 0, total: 74950 });
    expect(reverseInProportion(invoice, 149900)).toEqual(invoice);
    const inter = fromInclusive(149900, 18, "inter_state");
    expect(reverseInProportion(inter, 50000)).toMatchObject({ igst: 7627, taxable: 42373, total: 50000 });
  });
});
