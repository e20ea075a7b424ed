import { CouponBatchResponseSchema, CouponBatchSchema } from "../../../contract/coupons";
import { actorOf } from "../../api/actor";
import { defineOperation } from "../../api/operation";

export const couponOperations = [
  defineOperation({
    method: "post",
    path: "/products/coupon/update",
    operationId: "addCouponBatch",
    tags: ["Coupons"],
    summary: "Store a batch of coupon codes (all or nothing)",
    description: "Stores the codes for one product version and discount; if any code is a duplicate, none is stored.",
    admin: true,
    body: CouponBatchSchema,
    ok: [200, CouponBatchResponseSchema],
    errors: [400, 404, 409, 413, 415],
    handler: async (c, { body }) => {
      const { added } = await c.get("services").coupons.addBatch(body, actorOf(c));
      return { status: "success", added };
    },
  }),
];
