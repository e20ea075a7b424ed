import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCoupons, addSaleVersion } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { exampleTaxSite } from "../../platform/config";

// The example's supplier is in Karnataka (29), registered, prices include 18 % GST.
let t: TestApp;
let n = 0;
const ip = () => `10.7.0.${++n % 250}`;

beforeAll(async () => {
  t = await createTestApp({ config: { site: exampleTaxSite() } });
  const versionId = await addSaleVersion(t, "tax-dirx", "1.0", { amountMinor: 149_900 });
  await addCoupons(t, versionId, ["TAXgood000001"], 10);
});
afterAll(() => t.close());

const post = (path: string, json: unknown) => t.request(path, { method: "POST", json, ip: ip() });
const base = { product_id: "tax-dirx", version: "1.0" };
const buyer = { email: "firm@example.com", name: "Asha Rao" };

describe("checkout with tax on", () => {
  it("quotes CGST + SGST in the supplier's state and IGST in another, in rupees", async () => {
    const same = await post("/api/checkout/quote", { ...base, billing: { state_code: "29" } });
    expect(same.status).toBe(200);
    expect((await same.json()).tax).toEqual({ taxable: 1270.34, cgst: 114.33, sgst: 114.33, igst: 0, rate_percent: 18 });
    const other = await (await post("/api/checkout/quote", { ...base, coupon: "TAXgood000001", billing: { state_code: "27" } })).json();
    expect(other).toMatchObject({ total: 1349.1, tax: { taxable: 1143.31, cgst: 0, sgst: 0, igst: 205.79 } });
    const abroad = await (await post("/api/checkout/quote", { ...base, billing: { state_code: "96" } })).json();
    expect(abroad).toMatchObject({ total: 1499, tax: { taxable: 1499, igst: 0, cgst: 0 } });
  });

  it("asks for the state when tax is on, and checks a business's GSTIN by its check digit", async () => {
    const none = await post("/api/checkout/orders", { ...base, ...buyer });
    expect(none.status).toBe(400);
    expect((await none.json()).errors).toEqual({ "billing.state_code": "Choose your state, or Outside India." });
    const bad = await post("/api/checkout/orders", { ...base, ...buyer, billing: { state_code: "27", gstin: "27AABCD1234E1Z9" } });
    expect(bad.status).toBe(400);
    const errors = (await bad.json()).errors;
    expect(errors["billing.gstin"]).toMatch(/check digit/);
    expect(errors["billing.legal_name"]).toBe("Enter the business's legal name.");
    const state = await post("/api/checkout/quote", { ...base, billing: { state_code: "99" } });
    expect((await state.json()).errors).toEqual({ "billing.state_code": "Choose a state, or Outside India." });
  });

  it("stores the billing details and the tax on the order", async () => {
    const billing = { state_code: "27", gstin: "27aabcd1234e1z8", legal_name: "Rao Security LLP", address: "1 MG Road, Pune" };
    const res = await post("/api/checkout/orders", { ...base, ...buyer, billing });
    expect(res.status).toBe(201);
    const { order_id } = await res.json();
    const rows = await t.database.db.execute(
      sql`select billing_state_code, billing_gstin, billing_legal_name, billing_address, tax_minor::int as tax, tax_rate_bp from orders where id = ${order_id}`,
    );
    expect(rows.rows[0]).toEqual({
      billing_state_code: "27",
      billing_gstin: "27AABCD1234E1Z8",
      billing_legal_name: "Rao Security LLP",
      billing_address: "1 MG Road, Pune",
      tax: 22866,
      tax_rate_bp: 1800,
    });
  });

  it("adds the tax to the total when prices exclude it", async () => {
    const t2 = await createTestApp({ config: { site: exampleTaxSite({ prices_include_tax: false }) } });
    try {
      await addSaleVersion(t2, "tax-excl", "1.0", { amountMinor: 149_900 });
      const res = await t2.request("/api/checkout/quote", {
        method: "POST",
        json: { product_id: "tax-excl", version: "1.0", billing: { state_code: "29" } },
      });
      expect(await res.json()).toMatchObject({ amount: 1499, total: 1768.82, tax: { taxable: 1499, cgst: 134.91, sgst: 134.91 } });
    } finally {
      await t2.close();
    }
  });
});
