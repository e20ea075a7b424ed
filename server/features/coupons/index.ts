// The coupons area's door: what other areas and the app may use.
export { adminCouponOperations } from "./admin-coupons.routes";
export { createCouponAdmin } from "./coupon-admin";
export { createCoupons } from "./coupons";
export { couponOperations } from "./coupons.routes";
export { issuePrizeCoupon } from "./prize-coupon";
