import { toMinor } from "./money";

export type CouponTotals = { amountMinor: number; discountMinor: number; finalMinor: number };

/**
 * SPEC section 9: discount = amount * percent / 100, final = amount - discount. Computed in minor
 * units and rounded half up to the cent once, at the end. The client enforces no bounds on the
 * percentage (the server does), but a non-number counts as 0 so the display never shows NaN.
 */
export function couponTotals(amount: number | string, percent: number | string): CouponTotals {
  const amountMinor = toMinor(amount);
  const pct = typeof percent === "number" ? percent : Number(percent);
  const safePct = Number.isFinite(pct) ? pct : 0;
  // percent may carry decimals: scale it to an integer of hundredths before multiplying.
  const pctHundredths = Math.round(safePct * 100);
  const discountMinor = Math.round((amountMinor * pctHundredths) / 10_000);
  return { amountMinor, discountMinor, finalMinor: amountMinor - discountMinor };
}

/** The coupon count the admin typed, or null when it is not a whole number above 0. */
export function parseCouponCount(value: string): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The field message for a coupon count outside 1..max (decision 026), or undefined when it is fine. */
export function couponCountError(value: string, max: number): string | undefined {
  const n = parseCouponCount(value);
  return n === null || n > max ? `Enter a whole number from 1 to ${max}.` : undefined;
}
