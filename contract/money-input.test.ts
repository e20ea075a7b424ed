import { describe, expect, it } from "vitest";
import { RefundRequestSchema } from "./admin-order-detail";
import { VersionUpdateSchema } from "./admin-versions";
import { AmountSchema, PriceSchema } from "./products";

const refund = (amount: unknown) => RefundRequestSchema.safeParse({ amount, reason: "r" });

describe("money fields", () => {
  it("take a number or a decimal string", () => {
    for (const schema of [AmountSchema, PriceSchema]) {
      expect(schema.parse(1000)).toBe(1000);
      expect(schema.parse("1000.00")).toBe(1000);
      expect(schema.parse(" 49.50 ")).toBe(49.5);
    }
    expect(refund("1000.00").data?.amount).toBe(1000);
  });

  it("never an exponent, hex, Infinity or a blank, each refused on the amount field", () => {
    for (const typed of ["1e3", "1E3", "0x10", "Infinity", "1_000", "", "  "]) {
      for (const schema of [AmountSchema, PriceSchema]) expect(schema.safeParse(typed).success, typed).toBe(false);
      expect(refund(typed).error?.issues[0].path, typed).toEqual(["amount"]);
      expect(VersionUpdateSchema.safeParse({ amount: typed }).error?.issues[0].path, typed).toEqual(["amount"]);
    }
    expect(refund("1e3").error?.issues[0].message).toBe("Enter the amount as a number.");
  });

  it("keep their limits and two decimals", () => {
    expect(refund("0.50").success).toBe(false);
    expect(AmountSchema.safeParse("-1").success).toBe(false);
    expect(AmountSchema.safeParse("1.005").success).toBe(false);
    expect(AmountSchema.safeParse(10_000_001).success).toBe(false);
  });
});
