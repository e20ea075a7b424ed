import { describe, expect, it } from "vitest";
import { COUPON_ALPHABET, couponCodePattern } from "./coupons";
import { generateCouponCode, generateCouponCodes } from "./coupon-code";

describe("generateCouponCode", () => {
  it("is the prefix and 10 alphanumerics", () => {
    for (let i = 0; i < 200; i++) expect(generateCouponCode("ONI")).toMatch(couponCodePattern("ONI"));
  });

  it("uses every character of the alphabet roughly equally (no modulo bias)", () => {
    const counts = new Map<string, number>();
    const draws = 6200;
    for (let i = 0; i < draws; i++) for (const ch of generateCouponCode("").split("")) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(COUPON_ALPHABET.length);
    const expected = (draws * 10) / COUPON_ALPHABET.length; // 1000 per character
    // With modulo bias the first 8 characters would get 5/4 of the share: 1250. 5 sigma is about 160.
    for (const n of counts.values()) expect(Math.abs(n - expected)).toBeLessThan(160);
  });

  it("makes distinct batches", () => {
    expect(new Set(generateCouponCodes("AB", 300)).size).toBe(300);
  });
});
