import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, orders, productVersions, products } from "../../platform/db/schema";
import { lastDays } from "./dashboard";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

const NOW = new Date("2026-03-15T08:30:00Z");
let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  headers = (await t.loginAsAdmin()).headers;
  const { db } = t.database;
  await db.insert(products).values({ id: "dash-prod", name: "Dash" });
  const [version] = await db
    .insert(productVersions)
    .values({ productId: "dash-prod", version: "1.0", os: ["linux"], features: [], external: [], python: [], amountMinor: 1000 })
    .returning();
  const [c1, c2] = await db
    .insert(customers)
    .values([
      { email: "c1@example.com", name: "C One" },
      { email: "c2@example.com", name: "C Two" },
    ])
    .returning();
  // Orders on fixed India days: two on Mar 15 (today), one on Mar 10, one on Mar 6 (the oldest day shown),
  // one on Mar 5 (just outside the 10 days) and one late on Mar 14 UTC, which is already Mar 15 in India.
  const order = (n: number, at: string, status: "placed" | "active" | "expired", customerId = c1.id) => ({
    customerId,
    productVersionId: version.id,
    amountPaidMinor: 1000,
    paymentId: `pay_dash${n}`,
    status,
    createdAt: new Date(at),
  });
  await db
    .insert(orders)
    .values([
      order(1, "2026-03-05T12:00:00Z", "expired"),
      order(2, "2026-03-06T00:00:00Z", "expired", c2.id),
      order(3, "2026-03-10T09:00:00Z", "active"),
      order(4, "2026-03-14T23:59:59Z", "active", c2.id),
      order(5, "2026-03-15T01:00:00Z", "placed"),
      order(6, "2026-03-15T08:00:00Z", "placed"),
    ]);
});
afterAll(() => t.close());

describe("GET /api/oni/dashboard", () => {
  it("counts from the summaries and gives exactly 10 days, oldest first, zeros filled", async () => {
    const res = await t.request("/api/oni/dashboard", { headers });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ placedOrders: 2, activeOrders: 2, expiredOrders: 2, registeredUsers: 2 });
    expect(body.transactionsByDate).toHaveLength(10);
    expect(body.transactionsByDate[0]).toEqual({ date: "2026-03-06", count: 1 });
    expect(body.transactionsByDate[9]).toEqual({ date: "2026-03-15", count: 3 });
    const counts = Object.fromEntries(body.transactionsByDate.map((d: { date: string; count: number }) => [d.date, d.count]));
    expect(counts).toMatchObject({ "2026-03-07": 0, "2026-03-10": 1, "2026-03-13": 0, "2026-03-14": 0 });
    expect(body.payIds).toEqual(["pay_dash6", "pay_dash5", "pay_dash4", "pay_dash3", "pay_dash2", "pay_dash1"]);
  });

  it("answers the revenue of the range in rupees, per day, and takes days=7|10|30|90 only", async () => {
    const ten = await (await t.request("/api/oni/dashboard", { headers })).json();
    // Five orders of 10.00 inside the 10 days (Mar 5's is outside).
    expect(ten.revenue).toBe(50);
    expect(ten.revenueByDate).toHaveLength(10);
    expect(ten.revenueByDate[9]).toEqual({ date: "2026-03-15", revenue: 30, refunds: 0 });
    const week = await (await t.request("/api/oni/dashboard?days=7", { headers })).json();
    expect(week.transactionsByDate.map((d: { date: string }) => d.date)[0]).toBe("2026-03-09");
    expect(week.revenue).toBe(40);
    // The per-product split of the same period (one product here; several in admin-orders.test.ts).
    expect(ten.byProduct).toEqual([{ product_id: "dash-prod", product_name: "Dash", orders: 5, revenue: 50, refunds: 0 }]);
    expect(week.byProduct).toEqual([{ product_id: "dash-prod", product_name: "Dash", orders: 4, revenue: 40, refunds: 0 }]);
    const quarter = await (await t.request("/api/oni/dashboard?days=90", { headers })).json();
    expect(quarter.revenueByDate).toHaveLength(90);
    expect(quarter.revenue).toBe(60);
    for (const days of ["5", "abc", "365"])
      expect((await t.request(`/api/oni/dashboard?days=${days}`, { headers })).status, days).toBe(400);
  });

  it("follows status changes through the triggers and needs a session", async () => {
    await t.database.db.update(orders).set({ status: "expired" }).where(eq(orders.paymentId, "pay_dash3"));
    const body = await (await t.request("/api/oni/dashboard", { headers })).json();
    expect(body).toMatchObject({ activeOrders: 1, expiredOrders: 3 });
    expect(body.byProduct).toEqual([{ product_id: "dash-prod", product_name: "Dash", orders: 5, revenue: 50, refunds: 0 }]);
    // A refunded order stays a sale of the day it was paid: its refunds come off on the days they are
    // processed (refund_daily_counts, ../store/refunds.routes.test.ts), not by its status.
    await t.database.db.update(orders).set({ status: "refunded" }).where(eq(orders.paymentId, "pay_dash6"));
    const refunded = await (await t.request("/api/oni/dashboard", { headers })).json();
    expect(refunded).toMatchObject({ placedOrders: 1, revenue: 50, refunds: 0 });
    expect(refunded.byProduct).toEqual([{ product_id: "dash-prod", product_name: "Dash", orders: 5, revenue: 50, refunds: 0 }]);
    expect((await t.request("/api/oni/dashboard")).status).toBe(401);
  });

  it("counts India days, and crosses month and year boundaries", () => {
    expect(lastDays(new Date("2026-01-03T18:29:00Z"))[9]).toBe("2026-01-03");
    expect(lastDays(new Date("2026-01-03T23:00:00Z"))).toEqual([
      "2025-12-26",
      "2025-12-27",
      "2025-12-28",
      "2025-12-29",
      "2025-12-30",
      "2025-12-31",
      "2026-01-01",
      "2026-01-02",
      "2026-01-03",
      "2026-01-04",
    ]);
  });
});
