import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { adminActionContext, formPost } from "../../../tests/helpers/admin-action-harness";
import { action } from "./coupon-gen";

const contextWith = (stored: unknown[]) =>
  adminActionContext(
    {
      coupons: {
        addBatch: async (batch: { coupons: string[] }) => (
          stored.push(batch),
          { added: batch.coupons.length, product_id: "dirx", product_name: "DirX Scanner" }
        ),
      },
    },
    { COUPON_PREFIX: "ONI" },
  );

const post = (fields: [string, string][]) => formPost("/dashboard/coupon-gen", fields);

const run = (request: Request, context: AppLoadContext) => action({ request, context, params: {} } as Parameters<typeof action>[0]);
const failure = (result: unknown) => result as { init: { status: number }; data: { ok: false; errors: Record<string, string> } };

describe("the Coupon Code Generator action", () => {
  it("stores the codes the screen generated (with JavaScript), validated by the API's batch schema", async () => {
    const stored: unknown[] = [];
    const codes = ["ONIabcdefghij", "ONIklmnopqrst"];
    const result = await run(
      post([
        ["product_id", "dirx"],
        ["version", "1.0"],
        ["discount_percentage", "15"],
        ...codes.map((c): [string, string] => ["coupons", c]),
        ["expires_on", ""],
      ]),
      contextWith(stored),
    );
    expect(result).toMatchObject({
      ok: true,
      message: "2 coupons added.",
      value: { product_id: "dirx", product_name: "DirX Scanner", codes, discount: 15 },
    });
    expect(stored).toEqual([{ product_id: "dirx", version: "1.0", discount_percentage: 15, coupons: codes }]);
  });

  it("generates the codes itself for the plain form (without JavaScript), and refuses a bad count by its field", async () => {
    const stored: { coupons: string[]; note?: string }[] = [];
    const fields: [string, string][] = [
      ["product_version", "dirx@1.0"],
      ["discount_percentage", "20"],
      ["note", "for Asha"],
    ];
    const result = await run(post([...fields, ["count", "3"]]), contextWith(stored));
    expect(result).toMatchObject({ ok: true, message: "3 coupons added." });
    expect(stored[0].coupons).toHaveLength(3);
    for (const code of stored[0].coupons) expect(code).toMatch(/^ONI[A-Za-z0-9]{10}$/);
    expect(stored[0].note).toBe("for Asha");
    const refused = failure(await run(post([...fields, ["count", "0"]]), contextWith(stored)));
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors).toEqual({ count: "Enter a whole number from 1 to 100." });
  });
});
