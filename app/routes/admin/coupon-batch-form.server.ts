import { generateCouponCodes } from "../../../contract/coupon-code";
import { type CouponBatch, CouponBatchSchema, MAX_COUPONS_PER_BATCH } from "../../../contract/coupons";
import { couponCountError } from "../../lib/coupon-math";
import { formValues } from "../../lib/form-values";
import { readValues, refuseFields } from "./admin-action.server";

/**
 * The Coupon Code Generator's post as the API's CouponBatchSchema reads it. With JavaScript the
 * screen sends the codes it generated and showed; without, it sends one `product_version` choice
 * and a `count`, and the codes are generated here (the same generator, contract/coupon-code.ts).
 */
export function readCouponBatch(form: FormData, prefix: string): CouponBatch {
  const { product_version, count, expires_on, note, ...values } = formValues(form, ["coupons"]) as Record<string, unknown> & {
    coupons: string[];
  };
  if (typeof product_version === "string") {
    const at = product_version.indexOf("@");
    if (at < 1) refuseFields({ product_version: "Choose a product version." });
    values.product_id = product_version.slice(0, at);
    values.version = product_version.slice(at + 1);
  }
  if (values.coupons.length === 0 && typeof count === "string") {
    const wrong = couponCountError(count, MAX_COUPONS_PER_BATCH);
    if (wrong) refuseFields({ count: wrong });
    values.coupons = generateCouponCodes(prefix, Number(count));
  }
  // A field left empty on the page is a field not given (both are optional in the contract).
  if (typeof expires_on === "string" && expires_on) values.expires_on = expires_on;
  if (typeof note === "string" && note.trim()) values.note = note;
  return readValues(values, CouponBatchSchema);
}
