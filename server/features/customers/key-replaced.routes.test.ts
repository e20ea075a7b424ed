import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountSchema } from "../../../contract/account";
import { OrderPublicViewSchema } from "../../../contract/store";
import { buy, lastMail, PAY_SECRET, signIn } from "../../../tests/helpers/account-fixtures";
import { addSaleVersion } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

// A replaced key closes every old door: the receipt link shows no key after a rotation or a revoke,
// and of two rotations at once only one replaces the key.
let t: TestApp;
// Frozen while two rotations race: "at once" then means within one instant of the app's clock, so the
// test does not depend on whether the second request reads before or after the first one commits.
let frozen: Date | null = null;
const call = (method: string, path: string, headers: Record<string, string>, json?: unknown) =>
  t.request(path, { method, headers, json, ip: "10.72.0.1" });

beforeAll(async () => {
  t = await createTestApp({
    config: { PAYMENT_TEST_SECRET: PAY_SECRET, CHECKOUT_RATE_LIMIT: 10_000, LICENCE_RATE_LIMIT: 10_000 },
    now: () => frozen ?? new Date(),
  });
  await addSaleVersion(t, "acct-tool", "1.0", { machineLimit: 2 });
});
afterAll(() => t.close());

/** A paid order, its buyer signed in, its licence id and the receipt link's token (from the receipt mail). */
async function bought(email: string) {
  const { key, orderId } = await buy(t, email);
  const token = (await lastMail(t, email, "receipt"))?.secrets?.order_token as string;
  const headers = await signIn(t, email);
  const account = AccountSchema.parse(await (await call("GET", "/api/account", headers)).json());
  return { key, orderId, token, headers, licenceId: account.orders[0].licence?.id as number };
}

const receipt = async (orderId: number, token: string) =>
  OrderPublicViewSchema.parse(await (await t.request(`/api/checkout/orders/${orderId}?token=${encodeURIComponent(token)}`)).json());

describe("a replaced key closes the receipt link", () => {
  it("after Replace my key the receipt link shows no key, old or new, only when it was replaced", async () => {
    const { key, orderId, token, headers, licenceId } = await bought("replaced@example.com");
    expect((await receipt(orderId, token)).licence_key).toBe(key);
    const res = await call("POST", `/api/account/licences/${licenceId}/rotate`, headers);
    expect(res.status).toBe(200);
    const { key: fresh } = (await res.json()) as { key: string };
    const view = await receipt(orderId, token);
    expect(view.licence_key).toBeNull();
    expect(view.key_withdrawn).toEqual({ reason: "replaced", at: expect.any(String) });
    expect(Math.abs(Date.parse(view.key_withdrawn?.at as string) - Date.now())).toBeLessThan(60_000);
    const body = JSON.stringify(view);
    expect(body).not.toContain(key);
    expect(body).not.toContain(fresh);
  });

  it("after an admin's revoke the receipt link shows no key and says it was revoked", async () => {
    const { key, orderId, token, licenceId } = await bought("revoked@example.com");
    const admin = await t.loginAsAdmin();
    expect((await call("POST", `/api/admin/licences/${licenceId}/revoke`, admin.headers, { reason: "chargeback" })).status).toBe(200);
    const view = await receipt(orderId, token);
    expect(view.licence_key).toBeNull();
    expect(view.key_withdrawn).toEqual({ reason: "revoked", at: expect.any(String) });
    expect(JSON.stringify(view)).not.toContain(key);
  });

  it("two rotations at once: one replaces the key (200), the other 409; the winner's key is the licence's", async () => {
    for (let round = 0; round < 3; round++) {
      const { headers, licenceId } = await bought(`twice-rotated${round}@example.com`);
      frozen = new Date();
      const answers = await Promise.all([0, 1].map(() => call("POST", `/api/account/licences/${licenceId}/rotate`, headers)));
      frozen = null;
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const { key } = (await answers.find((r) => r.status === 200)?.json()) as { key: string };
      const reveal = await call("POST", `/api/account/licences/${licenceId}/reveal`, headers);
      expect(((await reveal.json()) as { key: string }).key).toBe(key);
    }
  });
});
