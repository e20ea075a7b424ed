import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../platform/db/query-rows";
import { insertOrder, versionIdOf } from "../../../tests/helpers/order-fixtures";
import { addVersions } from "../../../tests/helpers/product-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
let headers: Record<string, string>;
const NOW = new Date("2026-11-20T12:00:00Z");
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW, config: { COUPON_PREFIX: "OA" } });
  headers = (await t.loginAsAdmin()).headers;
  await addVersions(t, headers, "oa-scan", ["1.0"]);
  await addVersions(t, headers, "oa-lab", ["2.0"]);
  const { db } = t.database;
  const scan = await versionIdOf(db, "oa-scan", "1.0");
  const lab = await versionIdOf(db, "oa-lab", "2.0");
  // Oldest first, so ids follow creation.
  await insertOrder(db, { versionId: scan, paymentId: "pay_oa01", email: "Ann@Example.com", amountMinor: 100000, createdAt: daysAgo(40) });
  await insertOrder(db, { versionId: scan, paymentId: "pay_oa02", email: "bob@example.com", amountMinor: 50050, createdAt: daysAgo(5) });
  await insertOrder(db, { versionId: lab, paymentId: "pay_oa03", email: "ann@example.com", amountMinor: 20000, createdAt: daysAgo(3) });
  await insertOrder(db, { versionId: lab, paymentId: "pay_oa04", email: "=cmd@example.com", amountMinor: 20000, createdAt: daysAgo(2) });
  await insertOrder(db, { versionId: lab, paymentId: "pay_oa05", email: "carl@example.com", status: "refunded", createdAt: daysAgo(1) });
  await queryRows(db, sql`update orders set customer_name = 'Smith, "Jo"' where payment_id = 'pay_oa03'`);
});
afterAll(() => t.close());

type Listed = {
  items: { payment_id: string; amount: number; product_id: string; status: string; created_at: string }[];
  total: number;
  total_capped: boolean;
};
const list = async (query: string) => {
  const res = await t.request(`/api/admin/orders?${query}`, { headers });
  expect(res.status, query).toBe(200);
  return (await res.json()) as Listed;
};
const ids = (l: Listed) => l.items.map((i) => i.payment_id);

describe("GET /api/admin/orders", () => {
  it("lists newest first, paged, with the product and the amount in rupees", async () => {
    const all = await list("page_size=2");
    expect(all).toMatchObject({ total: 5, total_capped: false });
    expect(ids(all)).toEqual(["pay_oa05", "pay_oa04"]);
    // The total whichever way it is known (decision 065): told by a short last page, counted past the end.
    expect(await list("page_size=2&page=3")).toMatchObject({ total: 5, total_capped: false });
    expect(ids(await list("page_size=2&page=3"))).toEqual(["pay_oa01"]);
    expect(await list("page_size=2&page=4")).toEqual({ items: [], total: 5, total_capped: false });
    expect(ids(await list("sort=created_at&dir=asc&page_size=2&page=2"))).toEqual(["pay_oa03", "pay_oa04"]);
    const [bob] = (await list("q=pay_oa02")).items;
    expect(bob).toMatchObject({ product_id: "oa-scan", version: "1.0", amount: 500.5, currency: "INR", customer_email: "bob@example.com" });
    expect(bob.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("finds by payment id or e-mail (any case), and filters by status and days", async () => {
    expect(ids(await list("q=pay_oa03"))).toEqual(["pay_oa03"]);
    expect(ids(await list("q=pay_oa"))).toEqual([]); // a payment id matches whole
    expect(ids(await list("q=ANN@example.com"))).toEqual(["pay_oa03", "pay_oa01"]);
    expect(ids(await list("status=refunded"))).toEqual(["pay_oa05"]);
    const from = daysAgo(5).toISOString().slice(0, 10);
    const to = daysAgo(2).toISOString().slice(0, 10);
    expect(ids(await list(`from=${from}&to=${to}`))).toEqual(["pay_oa04", "pay_oa03", "pay_oa02"]);
    expect(ids(await list(`from=${from}&to=${to}&q=ann@example.com`))).toEqual(["pay_oa03"]);
  });

  it("sorts by the allowed columns either way on the server, ties by id, across pages", async () => {
    expect(ids(await list("sort=created_at&dir=asc"))).toEqual(["pay_oa01", "pay_oa02", "pay_oa03", "pay_oa04", "pay_oa05"]);
    expect(ids(await list("sort=created_at"))).toEqual(["pay_oa05", "pay_oa04", "pay_oa03", "pay_oa02", "pay_oa01"]);
    // 1,499, 1,000, 500.50, then the two 200s (the later id first), and the other way round.
    expect(ids(await list("sort=amount&dir=desc"))).toEqual(["pay_oa05", "pay_oa01", "pay_oa02", "pay_oa04", "pay_oa03"]);
    expect(ids(await list("sort=amount&dir=asc"))).toEqual(["pay_oa03", "pay_oa04", "pay_oa02", "pay_oa01", "pay_oa05"]);
    expect(ids(await list("sort=amount&dir=asc&page_size=2&page=2"))).toEqual(["pay_oa02", "pay_oa01"]);
    expect(ids(await list("sort=amount&status=placed&q=ann@example.com"))).toEqual(["pay_oa01", "pay_oa03"]);
  });

  it("answers 400 with a field message for a sort column or direction it does not allow", async () => {
    const refused: [string, string][] = [
      ["sort=customer_email", "sort"],
      ["sort=id;drop table orders", "sort"],
      ["sort=AMOUNT", "sort"],
      ["dir=up", "dir"],
      ["dir=DESC", "dir"],
      ["sort=amount&dir=sideways", "dir"],
    ];
    for (const [q, field] of refused) {
      const res = await t.request(`/api/admin/orders?${q}`, { headers });
      expect(res.status, q).toBe(400);
      const body = await res.json();
      expect(body.status).toBe("error");
      expect(Object.keys(body.errors), q).toEqual([field]);
    }
    expect((await t.request("/api/admin/orders.csv?sort=paid_at", { headers })).status).toBe(400);
  });

  it("refuses bad filters and needs a session", async () => {
    // Year 0 (PostgreSQL has none) and the last day of 9999 (the day after it is past any year) answered 500.
    for (const q of ["status=lost", "from=yesterday", "to=2026-13-01", "from=0000-01-01", "to=9999-12-31", "page=0", "page_size=101"]) {
      expect((await t.request(`/api/admin/orders?${q}`, { headers })).status, q).toBe(400);
    }
    expect((await t.request("/api/admin/orders")).status).toBe(401);
    expect((await t.request("/api/admin/orders.csv")).status).toBe(401);
  });
});

describe("GET /api/admin/orders.csv", () => {
  it("streams the matches as text/csv, quoted and with formulas defused", async () => {
    const res = await t.request("/api/admin/orders.csv?status=placed", { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/filename="orders.csv"/);
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe("id,payment_id,customer_email,customer_name,product_id,version,amount,currency,coupon,status,created_at,paid_at");
    expect(lines.slice(1).map((l) => l.split(",")[1])).toEqual(["pay_oa04", "pay_oa03", "pay_oa02", "pay_oa01"]);
    expect(lines[1]).toContain(",pay_oa04,'=cmd@example.com,Buyer,oa-lab,2.0,200,INR,,placed,");
    expect(lines[2]).toContain(`,"Smith, ""Jo""",oa-lab,`);
  });
});

describe("the overview's per-product split", () => {
  it("sums paid orders of the period per product, highest revenue first; a refunded order stays a sale of its day", async () => {
    // pay_oa05 is refunded by its status alone here: the money comes off by its refund rows
    // (refund_daily_counts, ./refund-net.routes.test.ts), which this order has none of.
    const ten = await (await t.request("/api/oni/dashboard", { headers })).json();
    expect(ten.byProduct).toEqual([
      { product_id: "oa-lab", product_name: "oa-lab Suite", orders: 3, revenue: 1899, refunds: 0 },
      { product_id: "oa-scan", product_name: "oa-scan Suite", orders: 1, revenue: 500.5, refunds: 0 },
    ]);
    const ninety = await (await t.request("/api/oni/dashboard?days=90", { headers })).json();
    expect(ninety.byProduct.find((p: { product_id: string }) => p.product_id === "oa-scan")).toEqual({
      product_id: "oa-scan",
      product_name: "oa-scan Suite",
      orders: 2,
      revenue: 1500.5,
      refunds: 0,
    });
  });
});

// Last: it adds 20,002 orders. The total stops at 10,000; past it, the paid-order counters the
// dashboard keeps (stat_counters) spare the list its capped count (decision 065), and must be used
// only where they bound the matches.
describe("the capped total", () => {
  it("says more than 10,000 by the count or the counters, and counts a narrower search exactly", async () => {
    const { db } = t.database;
    const lab = await versionIdOf(db, "oa-lab", "2.0");
    const add = (status: string, first: number, last: number) =>
      queryRows(
        db,
        sql`insert into orders (product_version_id, customer_email, customer_name, list_amount_minor, amount_paid_minor, payment_id, status, created_at, paid_at)
          select ${lab}, 'many@example.com', 'Many', 100, 100, 'pay_many_' || n, ${status}, ${daysAgo(400).toISOString()}, ${daysAgo(400).toISOString()}
          from generate_series(${first}::int, ${last}::int) as n`,
      );
    // Pending orders are not counted by the counters: the capped count says it.
    await add("pending", 1, 10_001);
    expect(await list("page_size=1")).toMatchObject({ total: 10_000, total_capped: true });
    expect(await list("status=pending&page_size=1")).toMatchObject({ total: 10_000, total_capped: true });
    expect(await list("status=placed")).toMatchObject({ total: 4, total_capped: false });
    // A thousand per statement: every paid order bumps the same counter rows, and inside one statement
    // each bump walks that row's earlier versions (10,001 in one statement took 8 s on PGlite, 2.4 s so).
    for (let first = 20_001; first <= 30_001; first += 1_000) await add("active", first, Math.min(first + 999, 30_001));
    expect(await list("page_size=1")).toMatchObject({ total: 10_000, total_capped: true });
    expect(await list("status=active&page_size=1")).toMatchObject({ total: 10_000, total_capped: true });
    expect(await list("status=active&page_size=1&page=10001")).toMatchObject({ total: 10_000, total_capped: true });
    // Filters the counters do not bound are counted, however many orders the counters hold (a page of
    // one: a short first page would tell its total without any count).
    expect(await list("status=placed&page_size=1")).toMatchObject({ total: 4, total_capped: false });
    expect(await list("q=ann@example.com&page_size=1")).toMatchObject({ total: 2, total_capped: false });
    expect(await list(`from=${daysAgo(10).toISOString().slice(0, 10)}&page_size=1`)).toMatchObject({ total: 4, total_capped: false });
    expect(await list("status=refunded")).toMatchObject({ total: 1, total_capped: false });
  });
});
