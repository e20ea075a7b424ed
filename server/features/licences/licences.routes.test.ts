import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreatedOrderSchema, LicenceActivationSchema } from "../../../contract/store";
import { addSaleVersion } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { queryRows } from "../../platform/db/query-rows";
import { checkoutSignature } from "../../integrations/payments/signature";

const SECRET = "test-secret-for-licence-tests";
let t: TestApp;
let clock = Date.now();
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ config: { PAYMENT_TEST_SECRET: SECRET, CHECKOUT_RATE_LIMIT: 10_000 }, now: () => new Date(clock) });
  await addSaleVersion(t, "lic-dirx", "1.0", { machineLimit: 2, termMonths: 1 });
});
afterAll(() => t.close());

const post = (path: string, json: unknown, ip = "10.2.0.1") => t.request(path, { method: "POST", json, ip });
async function buy(): Promise<{ key: string; order_id: number; token: string }> {
  const o = CreatedOrderSchema.parse(
    await (
      await post("/api/checkout/orders", { product_id: "lic-dirx", version: "1.0", email: `lic${++n}@example.com`, name: "Lic" })
    ).json(),
  );
  const payId = `pay_LICENCE${String(n).padStart(7, "0")}`;
  const res = await post(`/api/checkout/orders/${o.order_id}/confirm`, {
    razorpay_order_id: o.payment.provider_order_id,
    razorpay_payment_id: payId,
    razorpay_signature: checkoutSignature(SECRET, o.payment.provider_order_id, payId),
  });
  return { key: (await res.json()).licence_key, order_id: o.order_id, token: o.token };
}
const validate = async (key: string, fingerprint?: string) => (await post("/api/licenses/validate", { key, fingerprint })).json();

describe("licences", () => {
  it("validate: VALID, NOT_FOUND, NOT_ACTIVATED, then VALID for an activated machine; the key may be typed loosely", async () => {
    const { key } = await buy();
    expect(await validate(key)).toMatchObject({ valid: true, code: "VALID", product_id: "lic-dirx", version: "1.0" });
    expect(await validate(key.toLowerCase().replace(/-/g, " "))).toMatchObject({ code: "VALID" });
    expect(await validate("ONI-00000-00000-00000-00000-00000-00000")).toEqual({
      valid: false,
      code: "NOT_FOUND",
      product_id: null,
      version: null,
      expires_at: null,
    });
    expect(await validate("garbage")).toMatchObject({ code: "NOT_FOUND" });
    expect(await validate(key, "machine-a")).toMatchObject({ valid: false, code: "NOT_ACTIVATED" });
    expect((await post("/api/licenses/activate", { key, fingerprint: "machine-a", name: "Laptop" })).status).toBe(201);
    expect(await validate(key, "machine-a")).toMatchObject({ valid: true, code: "VALID" });
  });

  it("activate: 201 new, 200 same machine, 409 TOO_MANY_MACHINES over the limit, and the order becomes active", async () => {
    const { key, order_id, token } = await buy();
    const a = await post("/api/licenses/activate", { key, fingerprint: "m1" });
    expect(a.status).toBe(201);
    const first = LicenceActivationSchema.parse(await a.json());
    expect(first).toMatchObject({ machines: 1, machine_limit: 2, product_id: "lic-dirx" });
    const again = await post("/api/licenses/activate", { key, fingerprint: "m1" });
    expect(again.status).toBe(200);
    expect((await again.json()).machine_id).toBe(first.machine_id);
    expect((await post("/api/licenses/activate", { key, fingerprint: "m2" })).status).toBe(201);
    const third = await post("/api/licenses/activate", { key, fingerprint: "m3" });
    expect(third.status).toBe(409);
    expect((await third.json()).errors).toEqual({ fingerprint: "TOO_MANY_MACHINES" });
    expect(await validate(key, "m3")).toMatchObject({ valid: false, code: "TOO_MANY_MACHINES" });
    expect((await (await t.request(`/api/checkout/orders/${order_id}?token=${token}`)).json()).status).toBe("active");

    // deactivate frees a seat; unknown machine or key: 404
    const d = await post("/api/licenses/deactivate", { key, fingerprint: "m1" });
    expect(d.status).toBe(200);
    expect(await d.json()).toEqual({ status: "success", machines: 1 });
    expect((await post("/api/licenses/deactivate", { key, fingerprint: "m1" })).status).toBe(404);
    expect((await post("/api/licenses/deactivate", { key: "ONI-00000-00000-00000-00000-00000-00000", fingerprint: "m1" })).status).toBe(
      404,
    );
    expect((await post("/api/licenses/activate", { key, fingerprint: "m3" })).status).toBe(201);
    expect((await post("/api/licenses/activate", { key: "ONI-00000-00000-00000-00000-00000-00000", fingerprint: "m1" })).status).toBe(404);
  });

  it("bad input is 400; licence calls are throttled per IP", async () => {
    expect((await post("/api/licenses/activate", { key: "ONI-1", fingerprint: "has space" })).status).toBe(400);
    expect((await post("/api/licenses/validate", {})).status).toBe(400);
    let last: Response | undefined;
    // A fixed one-minute window: within 2 x limit + 1 calls one window must overflow, wherever the minute turns.
    for (let i = 0; i <= 2 * t.config.LICENCE_RATE_LIMIT && last?.status !== 429; i++)
      last = await post("/api/licenses/validate", { key: "x" }, "10.2.9.9");
    expect(last!.status).toBe(429);
  });

  it("the term ends at the stored instant, to the millisecond: expires_at is exact, VALID just before, EXPIRED at it", async () => {
    const { key, order_id } = await buy();
    // A sub-millisecond part, as PostgreSQL may store one: the term ends at its millisecond (truncated, as Date does).
    const rows = await queryRows<{ ms: string }>(
      t.database.db,
      sql`update licences set expires_at = expires_at + interval '0.123456 second' where order_id = ${order_id}
        returning (extract(epoch from date_trunc('milliseconds', expires_at)) * 1000)::bigint as ms`,
    );
    const endsAt = Number(rows[0].ms);
    const saved = clock;
    try {
      clock = endsAt - 1;
      expect(await validate(key)).toMatchObject({ valid: true, code: "VALID", expires_at: new Date(endsAt).toISOString() });
      const seat = await post("/api/licenses/activate", { key, fingerprint: "edge" });
      expect(seat.status).toBe(201);
      expect((await seat.json()).expires_at).toBe(new Date(endsAt).toISOString());
      clock = endsAt;
      expect(await validate(key)).toMatchObject({ valid: false, code: "EXPIRED", expires_at: new Date(endsAt).toISOString() });
      expect((await post("/api/licenses/activate", { key, fingerprint: "edge2" })).status).toBe(409);
    } finally {
      clock = saved;
    }
  });

  it("at the end of the term: validate says EXPIRED, activation 409, and the job moves the order to expired", async () => {
    const { key, order_id, token } = await buy();
    const before = await t.services.dashboard.overview();
    clock += 32 * 86_400_000;
    expect(await validate(key)).toMatchObject({ valid: false, code: "EXPIRED" });
    const act = await post("/api/licenses/activate", { key, fingerprint: "late" });
    expect(act.status).toBe(409);
    expect((await act.json()).errors).toEqual({ key: "EXPIRED" });
    expect(await t.services.store.expiry.expireTerms()).toBeGreaterThanOrEqual(1);
    expect((await (await t.request(`/api/checkout/orders/${order_id}?token=${token}`)).json()).status).toBe("expired");
    const after = await t.services.dashboard.overview();
    expect(after.expiredOrders).toBeGreaterThan(before.expiredOrders);
  });
});
