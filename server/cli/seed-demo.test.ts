import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { couponCodePattern } from "../../contract/coupons";
import { sql } from "drizzle-orm";
import { exampleTaxSite } from "../platform/config";
import { queryRows } from "../platform/db/query-rows";
import { invoices, orders } from "../platform/db/schema";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { seedDemo } from "./seed-demo-run";

const NOW = new Date("2026-05-20T12:00:00Z");
// Fewer customers and orders than `npm run seed:demo` makes (DEMO_SIZE): every order still goes
// through checkout, payment, confirmation and activation, in a fifth of the time. The demo's dates
// and versions come from Math.random; at this size a fixed sequence (mulberry32) keeps "every day
// has orders" (45 orders over 30 days, 20 of them paid at least) the same on every run, where 250
// random orders make it near certain.
const SIZE = { customers: 30, orders: 45 };
function fixedRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
let t: TestApp;
beforeAll(async () => {
  // With the example config's tax block, as `npm run seed:demo` on a new clone runs: checkout then
  // asks every order's billing state.
  t = await createTestApp({ now: () => NOW, config: { site: exampleTaxSite() } });
});
afterAll(() => t.close());

describe("seedDemo", () => {
  it("fills every admin screen, then refuses to run again", async () => {
    const random = vi.spyOn(Math, "random").mockImplementation(fixedRandom(2026));
    const result = await seedDemo(t.database.db, t.config, NOW, SIZE).finally(() => random.mockRestore());
    expect(result).toMatchObject(SIZE);
    // Every paid order has its invoice, in the supplier's state (CGST) and in another (IGST).
    const [taxed] = await queryRows<{ cgst: string; igst: string }>(
      t.database.db,
      sql`select count(*) filter (where ${invoices.cgstMinor} > 0) as cgst, count(*) filter (where ${invoices.igstMinor} > 0) as igst from ${invoices}`,
    );
    expect(Number(taxed.cgst)).toBeGreaterThan(0);
    expect(Number(taxed.igst)).toBeGreaterThan(0);
    // The address the CLI offers is a customer with orders.
    expect(
      (await queryRows(t.database.db, sql`select 1 from ${orders} where ${orders.customerEmail} = ${result!.customerEmail}`)).length,
    ).toBeGreaterThan(0);
    const dashboard = await t.services.dashboard.overview();
    expect(dashboard.placedOrders + dashboard.activeOrders + dashboard.expiredOrders).toBe(SIZE.orders);
    expect(dashboard.activeOrders).toBeGreaterThan(0);
    expect(dashboard.expiredOrders).toBeGreaterThan(0);
    // One dirx version is for sale, so a new clone can sell a licence.
    expect((await t.services.store.catalogue.listForSale()).map((p) => `${p.product_id} ${p.version}`)).toEqual(["dirx 2.0"]);
    // The demo's releases are published and dated, so the release notes show them with their dates.
    const dirx = (await t.services.releases.ofProduct("dirx")).releases;
    expect(dirx.map((r) => r.version)).toEqual(["2.0", "1.1", "1.0"]);
    expect(dirx.every((r) => r.published_at && r.patches.every((p) => p.published_at))).toBe(true);
    expect(dashboard.registeredUsers).toBe(SIZE.customers);
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
    expect((await t.services.dashboard.overview()).registeredUsers).toBe(SIZE.customers);
  });
});
