import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateCouponCodes } from "../../../contract/coupon-code";
import { DISCOUNT_RULE } from "../../../contract/coupons";
import { waitForLockWaiters } from "../../../tests/helpers/pg-locks";
import { addVersions } from "../../../tests/helpers/product-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ config: { COUPON_PREFIX: "TST" } });
  headers = (await t.loginAsAdmin()).headers;
  await addVersions(t, headers, "coupon-prod", ["1.0", "2.0"]);
});
afterAll(() => t.close());

const post = (json: unknown, h = headers) => t.request("/api/products/coupon/update", { method: "POST", headers: h, json });
const batch = (coupons: string[], extra: Record<string, unknown> = {}) => ({
  product_id: "coupon-prod",
  version: "1.0",
  coupons,
  discount_percentage: 25,
  ...extra,
});
const couponsOf = async (version: string) => {
  const list = await (await t.request("/api/products/informations", { headers })).json();
  return list.find((v: { product_id: string; version: string }) => v.product_id === "coupon-prod" && v.version === version).coupons;
};

describe("POST /api/products/coupon/update", () => {
  it("stores a batch and shows it unused in the product list", async () => {
    const codes = generateCouponCodes("TST", 3);
    const res = await post(batch(codes));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "success", added: 3 });
    expect(await couponsOf("1.0")).toEqual(codes.map((value) => ({ value, status: false, discount: 25 })));
  });

  it("stores nothing of a batch that repeats an existing code (409)", async () => {
    const [existing] = (await couponsOf("1.0")).map((c: { value: string }) => c.value);
    const fresh = generateCouponCodes("TST", 2);
    const res = await post(batch([fresh[0], existing, fresh[1]], { version: "2.0" }));
    expect(res.status).toBe(409);
    expect(await couponsOf("2.0")).toEqual([]);
  });

  it("checks the prefix, the length and the discount (400 per field)", async () => {
    const [good] = generateCouponCodes("TST", 1);
    const wrongPrefix = await post(batch(["ONI" + good.slice(3), good.slice(0, -1)]));
    expect(wrongPrefix.status).toBe(400);
    expect(Object.keys((await wrongPrefix.json()).errors)).toEqual(["coupons.0", "coupons.1"]);
    // The message is the rule the generator's preview states (DISCOUNT_RULE), whatever the breach.
    for (const discount of [0, 101, 150, 12.5, "abc"]) {
      const res = await post(batch([good], { discount_percentage: discount }));
      expect((await res.json()).errors).toEqual({ discount_percentage: DISCOUNT_RULE });
    }
    expect((await post(batch([good, good]))).status).toBe(400);
    expect((await post(batch([]))).status).toBe(400);
  });

  // Two batches sharing codes in opposite orders could each hold one code's index entry and wait for
  // the other's: PostgreSQL's deadlock detector would then fail one with a 500. An open transaction
  // holding one extra code of each stops P and Q after their first code, forcing the crossing. (One
  // transaction, not two: a coupon insert also updates the coupon total's row, migration 0008, so a
  // second open inserter would queue behind the first.)
  it.runIf(process.env.TEST_DB === "postgres")(
    "two batches sharing codes in opposite orders end 200 + 409, never a deadlock 500",
    async () => {
      const pool = t.database.pool;
      if (!pool) throw new Error("expected a pg pool");
      await addVersions(t, headers, "coupon-prod", ["3.0"]);
      const { rows } = await pool.query<{ id: number }>(
        "select id from product_versions where product_id = 'coupon-prod' and version = '3.0'",
      );
      const [x, y, z1, z2] = generateCouponCodes("TST", 4);
      const blocker = await pool.connect();
      try {
        await blocker.query("begin");
        for (const code of [z1, z2])
          await blocker.query("insert into coupons (code, product_version_id, discount_percent) values ($1, $2, 5)", [code, rows[0].id]);
        const p = post(batch([x, z1, y], { version: "3.0" }));
        const q = post(batch([y, z2, x], { version: "3.0" }));
        await waitForLockWaiters(pool, 2);
        await blocker.query("rollback");
        const statuses = (await Promise.all([p, q])).map((r) => r.status).sort();
        expect(statuses).toEqual([200, 409]);
      } finally {
        blocker.release();
      }
    },
  );

  it("answers 404 for an unknown product or version, 401 without a session, 403 without X-Requested-With", async () => {
    const codes = generateCouponCodes("TST", 1);
    expect((await post(batch(codes, { version: "9.9" }))).status).toBe(404);
    expect((await post(batch(codes, { product_id: "no-such-product" }))).status).toBe(404);
    expect((await post(batch(codes), {})).status).toBe(401);
    expect((await post(batch(codes), { cookie: headers.cookie })).status).toBe(403);
  });
});

describe("coupon redemption", () => {
  it("marks a coupon used once; a second redemption and an unknown code get null", async () => {
    const [code] = generateCouponCodes("TST", 1);
    await post(batch([code]));
    expect(await t.services.coupons.redeem(code)).toMatchObject({ code, discountPercent: 25, usedAt: expect.any(Date) });
    expect(await t.services.coupons.redeem(code)).toBeNull();
    expect(await t.services.coupons.redeem("TSTnope000000")).toBeNull();
    const used = (await couponsOf("1.0")).find((c: { value: string }) => c.value === code);
    expect(used.status).toBe(true);
  });

  // PGlite runs one query at a time, so parallel calls there are serialised and prove nothing;
  // on PostgreSQL they run on separate pooled connections and really race.
  it.runIf(process.env.TEST_DB === "postgres")("lets exactly one of 20 parallel redemptions win on PostgreSQL", async () => {
    const [code] = generateCouponCodes("TST", 1);
    await post(batch([code]));
    const results = await Promise.all(Array.from({ length: 20 }, () => t.services.coupons.redeem(code)));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
  });
});
