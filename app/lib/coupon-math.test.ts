import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DISCOUNT_RULE } from "../../contract/coupons";
import { couponTotals, parseCouponCount } from "./coupon-math";
import { toMinor } from "./money";

describe("money", () => {
  it("converts without float drift", () => {
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor("19.99")).toBe(1999);
    expect(toMinor("abc")).toBe(0);
  });
});

describe("couponTotals", () => {
  it("computes discount and final amount to the cent", () => {
    expect(couponTotals(100, 10)).toEqual({ amountMinor: 10000, discountMinor: 1000, finalMinor: 9000 });
    expect(couponTotals(19.99, 15)).toEqual({ amountMinor: 1999, discountMinor: 300, finalMinor: 1699 });
    expect(couponTotals(49.95, 33)).toEqual({ amountMinor: 4995, discountMinor: 1648, finalMinor: 3347 });
    expect(couponTotals(10, "")).toEqual({ amountMinor: 1000, discountMinor: 0, finalMinor: 1000 });
    expect(couponTotals(10, "100")).toEqual({ amountMinor: 1000, discountMinor: 1000, finalMinor: 0 });
    expect(couponTotals(10, "1")).toEqual({ amountMinor: 1000, discountMinor: 10, finalMinor: 990 });
  });

  it("prices nothing the server would refuse: 12.5 %, 150 %, 0 % and -5 % state the rule instead", () => {
    // The server's rule (contract/coupons.ts): a whole percent from 1 to 100. A preview of 150 % would
    // show a final amount of -5.00 and one of 12.5 % a discount the server then refuses.
    for (const percent of ["12.5", 12.5, "150", 150, "0", "-5", "abc"]) {
      expect(couponTotals(10, percent)).toEqual({ amountMinor: 1000, discountMinor: null, finalMinor: null, percentError: DISCOUNT_RULE });
    }
  });

  it("always adds up: discount + final = amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 1, max: 100 }), (minor, pct) => {
        const t = couponTotals(minor / 100, pct);
        expect(t.amountMinor).toBe(minor);
        expect(t.percentError).toBeUndefined();
        expect(t.discountMinor! + t.finalMinor!).toBe(minor);
        expect(t.discountMinor).toBeLessThanOrEqual(minor);
      }),
    );
  });

  it("accepts only whole counts above 0", () => {
    expect(parseCouponCount("3")).toBe(3);
    for (const bad of ["0", "-1", "", "1.5", "x"]) expect(parseCouponCount(bad)).toBeNull();
  });
});
