import { describe, expect, it } from "vitest";
import { adminActionContext, domainError, formPost } from "../../../tests/helpers/admin-action-harness";
import { action } from "./coupons";

const context = adminActionContext(
  {
    couponAdmin: {
      void: async (code: string) => {
        if (code === "ONIused000000") throw domainError("conflict", "This coupon was used; it cannot be voided.");
        return { code };
      },
    },
  },
  { PUBLIC_ORIGIN: "https://shop.example" },
);

const post = (code: string, origin = "https://shop.example") => formPost("/dashboard/coupons", { code }, { origin });
const run = (request: Request) => action({ request, context, params: {} } as Parameters<typeof action>[0]);

describe("the Coupons screen's Void action", () => {
  it("voids through the coupon-admin service; a used coupon is a 409; PUBLIC_ORIGIN decides the allowed origin", async () => {
    expect(await run(post("ONIabcdefghij"))).toMatchObject({ ok: true, intent: "void", message: "Coupon ONIabcdefghij is void." });
    expect(await run(post("ONIused000000"))).toMatchObject({ init: { status: 409 }, data: { ok: false, intent: "void" } });
    expect(await run(post("bad code!"))).toMatchObject({ init: { status: 400 }, data: { errors: { code: expect.any(String) } } });
    await expect(run(post("ONIabcdefghij", "http://shop.test"))).rejects.toMatchObject({ init: { status: 403 } });
  });
});
