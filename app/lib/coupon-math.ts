import { CouponBatchSchema } from "../../contract/coupons";
import { toMinor } from "./money";

/**
 * The preview of one coupon. When the typed percentage breaks the server's rule (a whole percent
 * from 1 to 100), there is no discount or final amount to show, only the rule: the preview never
 * prices a coupon the server would refuse.
 */
export type CouponTotals =
  | { amountMinor: number; discountMinor: number; finalMinor: number; percentError?: undefined }
  | { amountMinor: number; discountMinor: null; finalMinor: null; percentError: string };

const percentRule = CouponBatchSchema.shape.discount_percentage;

/**
 * discount = amount * percent / 100, final = amount - discount, in minor units and
 * rounded half up to the cent once, at the end. The client blocks nothing (the server decides), but the
 * percentage is checked with the server's own schema so the preview and the server agree. An empty
 * field (nothing typed yet) previews no discount.
 */
export function couponTotals(amount: number | string, percent: number | string): CouponTotals {
  const amountMinor = toMinor(amount);
  if (typeof percent === "string" && percent.trim() === "") return { amountMinor, discountMinor: 0, finalMinor: amountMinor };
  const checked = percentRule.safeParse(percent);
  if (!checked.success) return { amountMinor, discountMinor: null, finalMinor: null, percentError: checked.error.issues[0].message };
  const discountMinor = Math.round((amountMinor * checked.data) / 100);
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
