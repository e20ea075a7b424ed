import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { action } from "./coupons";

// The services' ConflictError as describeError reads it: by its kind (app/ reaches server code only from .server modules).
class ConflictError extends Error {
  readonly kind = "conflict";
}

const context = {
  https: false,
  clientIp: "203.0.113.9",
  config: { PUBLIC_ORIGIN: "https://shop.example" },
  services: {
    account: { mustEnrol: async () => false },
    auth: { sessionAdmin: async () => ({ id: 7, email: "a@example.com" }) },
    couponAdmin: {
      void: async (code: string) => {
        if (code === "ONIused000000") throw new ConflictError("This coupon was used; it cannot be voided.");
        return { code };
      },
    },
  },
} as unknown as AppLoadContext;

const post = (code: string, origin = "https://shop.example") =>
  new Request("http://127.0.0.1/dashboard/coupons", {
    method: "POST",
    body: new URLSearchParams({ code }),
    headers: { cookie: "session_id=x", origin, host: "127.0.0.1" },
  });
const run = (request: Request) => action({ request, context, params: {} } as Parameters<typeof action>[0]);

describe("the Coupons screen's Void action", () => {
  it("voids through the coupon-admin service; a used coupon is a 409; PUBLIC_ORIGIN decides the allowed origin", async () => {
    expect(await run(post("ONIabcdefghij"))).toMatchObject({ ok: true, intent: "void", message: "Coupon ONIabcdefghij is void." });
    expect(await run(post("ONIused000000"))).toMatchObject({ init: { status: 409 }, data: { ok: false, intent: "void" } });
    expect(await run(post("bad code!"))).toMatchObject({ init: { status: 400 }, data: { errors: { code: expect.any(String) } } });
    await expect(run(post("ONIabcdefghij", "http://127.0.0.1"))).rejects.toMatchObject({ init: { status: 403 } });
  });
});
