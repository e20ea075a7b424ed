import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CustomerListSchema } from "../../../contract/admin-customers";
import { insertOrder } from "../../../tests/helpers/order-fixtures";
import { addSaleVersion } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { queryRows } from "../../platform/db/query-rows";

let t: TestApp;
let headers: Record<string, string>;
let ann = 0;

async function customer(email: string, name: string): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into customers (email, name) values (${email}, ${name}) returning id`,
  );
  return Number(rows[0].id);
}

beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.loginAsAdmin()).headers;
  const versionId = await addSaleVersion(t, "cust-tool");
  ann = await customer("ann@example.com", "Ann Rao");
  await customer("bob@example.com", "Bob Anand");
  await customer("a_b@example.com", "Under Score");
  const db = t.database.db;
  for (const [pay, minor, status, day] of [
    ["pay_cust1", 100_000, "placed", "2026-11-01"],
    ["pay_cust2", 50_050, "active", "2026-11-10"],
    ["pay_cust3", 9_900, "failed", "2026-11-12"],
  ] as const) {
    const id = await insertOrder(db, {
      versionId,
      paymentId: pay,
      email: "ann@example.com",
      amountMinor: minor,
      status,
      createdAt: new Date(day),
    });
    await db.execute(sql`update orders set customer_id = ${ann} where id = ${id}`);
  }
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.request(`/api/admin/customers?${query}`, { headers });
  expect(res.status, query).toBe(200);
  return CustomerListSchema.parse(await res.json());
};

describe("GET /api/admin/customers", () => {
  it("lists customers newest first with their paid orders, total paid and last order", async () => {
    const all = await list("");
    expect(all.total).toBe(3);
    expect(all.items.map((c) => c.email)).toEqual(["a_b@example.com", "bob@example.com", "ann@example.com"]);
    expect(all.items[2]).toEqual({
      id: ann,
      email: "ann@example.com",
      name: "Ann Rao",
      orders: 2,
      total_paid: 1500.5,
      last_order_at: "2026-11-10T00:00:00.000Z",
    });
    expect(all.items[1]).toMatchObject({ orders: 0, total_paid: 0, last_order_at: null });
  });

  it("searches by the start of an e-mail or a name, any case; LIKE's wildcards match themselves", async () => {
    expect((await list("q=ANN")).items.map((c) => c.email)).toEqual(["ann@example.com"]);
    expect((await list("q=bob%20a")).items.map((c) => c.email)).toEqual(["bob@example.com"]);
    expect((await list("q=a_")).items.map((c) => c.email)).toEqual(["a_b@example.com"]);
    expect((await list("q=%25")).items).toEqual([]);
    expect(await list("q=nobody")).toEqual({ items: [], total: 0 });
    expect((await list("page=2")).items).toEqual([]);
  });

  it("refuses a bad page with a field error, and answers 401 without a session", async () => {
    const res = await t.request("/api/admin/customers?page=0", { headers });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toHaveProperty("page");
    expect((await t.request("/api/admin/customers")).status).toBe(401);
  });

  it("a customer's page lists every order of theirs, newest first", async () => {
    const c = await t.services.customerAdmin.get(ann);
    expect(c.order_list.map((o) => o.payment_id)).toEqual(["pay_cust3", "pay_cust2", "pay_cust1"]);
    await expect(t.services.customerAdmin.get(999_999)).rejects.toMatchObject({ kind: "not_found" });
  });
});
