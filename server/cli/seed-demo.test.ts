import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponCodePattern } from "../../contract/coupons";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { seedDemo } from "./seed-demo-run";

const NOW = new Date("2026-05-20T12:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterAll(() => t.close());

describe("seedDemo", () => {
  it("fills every admin screen, then refuses to run again", { timeout: 180_000 }, async () => {
    const result = await seedDemo(t.database.db, t.config, NOW);
    expect(result).toMatchObject({ customers: 200, orders: 250 });
    const dashboard = await t.services.dashboard.overview();
    expect(dashboard.placedOrders + dashboard.activeOrders + dashboard.expiredOrders).toBe(250);
    expect(dashboard.activeOrders).toBeGreaterThan(0);
    expect(dashboard.expiredOrders).toBeGreaterThan(0);
    // One dirx version is for sale, so a new clone can sell a licence.
    expect((await t.services.store.catalogue.listForSale()).map((p) => `${p.product_id} ${p.version}`)).toEqual(["dirx 2.0"]);
    expect(dashboard.registeredUsers).toBe(200);
    expect(dashboard.transactionsByDate.every((d) => d.count > 0)).toBe(true);
    expect(dashboard.payIds).toHaveLength(20);
    const info = await t.services.products.informations();
    expect(new Set(info.map((v) => v.product_id))).toEqual(new Set(["dirx", "passive-pass", "campus", "master", "tubelearns", "ogresync"]));
    const allCoupons = info.flatMap((v) => v.coupons);
    expect(allCoupons.some((c) => c.status)).toBe(true);
    expect(allCoupons.every((c) => couponCodePattern(t.config.COUPON_PREFIX).test(c.value))).toBe(true);
    expect((await t.services.patches.list()).length).toBeGreaterThan(0);
    expect((await t.services.quests.list()).length).toBeGreaterThan(0);
    expect(await seedDemo(t.database.db, t.config, NOW)).toBeNull();
    expect((await t.services.dashboard.overview()).registeredUsers).toBe(200);
  });
});
