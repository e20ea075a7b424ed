import { z } from "zod";
import {
  COUPON_CSV_COLUMNS,
  CouponListQuerySchema,
  CouponListSchema,
  CouponVoidedSchema,
  CouponVoidParamsSchema,
} from "../../../contract/admin-coupons";
import { actorOf } from "../../api/actor";
import { csvResponse } from "../../api/csv";
import { defineOperation } from "../../api/operation";

/** Find coupons, export them, void a leaked one. */
export const adminCouponOperations = [
  defineOperation({
    method: "get",
    path: "/admin/coupons",
    operationId: "listCoupons",
    tags: ["Coupons"],
    summary: "Find coupons",
    description:
      "Newest first, paged; with q (a code exactly or by prefix, case-sensitive) in code order, digits before capitals before small letters. Status, product and version filters. The total is counted up to 10,000, with q up to 1,000 (total_capped says there are more).",
    admin: true,
    query: CouponListQuerySchema,
    ok: [200, CouponListSchema],
    errors: [400],
    handler: (c, { query }) => c.get("services").couponAdmin.list(query),
  }),
  defineOperation({
    method: "get",
    path: "/admin/coupons.csv",
    operationId: "exportCoupons",
    tags: ["Coupons"],
    summary: "Export coupons as CSV",
    description:
      "text/csv (RFC 4180; a cell starting with = + - @ gets a leading '), streamed in chunks; the list's filters, " +
      "every match (page and page_size ignored). The answer's schema is one CSV text.",
    admin: true,
    query: CouponListQuerySchema,
    ok: [200, z.string()],
    okContentType: "text/csv",
    errors: [400],
    handler: (c, { query }) => {
      const { page: _page, page_size: _size, ...filters } = query;
      const chunks = (async function* () {
        for await (const items of c.get("services").couponAdmin.stream(filters)) {
          yield items.map((item) => COUPON_CSV_COLUMNS.map((column) => item[column]));
        }
      })();
      return csvResponse("coupons.csv", COUPON_CSV_COLUMNS, chunks);
    },
  }),
  defineOperation({
    method: "post",
    path: "/admin/coupons/{code}/void",
    operationId: "voidCoupon",
    tags: ["Coupons"],
    summary: "Void a coupon",
    description: "Unused -> void (200; again: the same 200). Used, or held by an order awaiting payment -> 409. Audited.",
    admin: true,
    params: CouponVoidParamsSchema,
    ok: [200, CouponVoidedSchema],
    errors: [404, 409],
    handler: async (c, { params }) => {
      const coupon = await c.get("services").couponAdmin.void(params.code, actorOf(c));
      return { status: "success", message: `Coupon ${coupon.code} is void.`, coupon };
    },
  }),
];
