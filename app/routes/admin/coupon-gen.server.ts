import { loadConfig } from "../../../server/config";

/**
 * The coupon code prefix of this deployment (COUPON_PREFIX). The loader context carries services
 * only, so the value comes from the same validated configuration reader the server uses.
 */
export const couponPrefix = () => loadConfig(process.env).COUPON_PREFIX;
