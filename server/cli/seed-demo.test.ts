import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponCodePattern } from "../../contract/coupons";
import { sql } from "drizzle-orm";
import { exampleTaxSite } from "../platform/config";
import { queryRows } from "../platform/db/query-rows";
import { invoices, orders } from "../platform/db/schema";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { seedDemo } from "./seed-demo-run";

const NOW = new Date("2026-05-20T12:00:00Z");
let t: TestApp;
beforeAll(async () => {
  // With the example config's tax block, as `npm run seed:demo` on a new clone runs: checkout then
  // asks every order's billing state.
  t = await createTestApp({ now: () => NOW, config: { site: exampleTaxSite() } });
});
afterAll(() => t.close());

describe("seedDemo", () => {
  it("fills every admin screen, then refuses to run again", { timeout: 180_000 }, async () => {
    const result = await seedDemo(t.database.db, t.config, NOW);
    expect(result).toMatchObject({ customers: 200, orders: 250 });
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
    expect(dashboard.placedOrders + dashboard.activeOrders + dashboard.expiredOrders).toBe(250);
    expect(dashboard.activeOrders).toBeGreaterThan(0);
    expect(dashboard.expiredOrders).toBeGreaterThan(0);
    // One dirx version is for sale, so a new clone can sell a licence.
    expect((await t.services.store.catalogue.listForSale()).map((p) => `${p.product_id} ${p.version}`)).toEqual(["dirx 2.0"]);
    // The demo's releases are published and dated, so the release notes show them with their dates.
    const dirx = (await t.services.releases.ofProduct("dirx")).releases;
    expect(dirx.map((r) => r.version)).toEqual(["2.0", "1.1", "1.0"]);
    expect(dirx.every((r) => r.published_at && r.patches.every((p) => p.published_at))).toBe(true);
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
