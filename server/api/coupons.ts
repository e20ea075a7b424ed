import { Hono } from "hono";
import { CouponBatchSchema } from "../../contract/coupons";
import { readBody } from "../http/validate";
import { actorOf } from "./actor";
import { type AdminEnv, requireAdmin } from "./require-admin";

export function couponRoutes() {
  const routes = new Hono<AdminEnv>();
  routes.post("/products/coupon/update", requireAdmin, async (c) => {
    const batch = await readBody(c, CouponBatchSchema);
    const { added } = await c.get("services").coupons.addBatch(batch, actorOf(c));
    return c.json({ status: "success", added });
  });
  return routes;
}
