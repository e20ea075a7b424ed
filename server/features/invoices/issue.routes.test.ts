import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceBuyer, invoiceSellers } from "../../../tests/helpers/invoice-fixtures";
import type { TestApp } from "../../../tests/helpers/test-app";
import { queryRows } from "../../platform/db/query-rows";

const sale = { secret: "invoice-issue-secret-0123456789", productId: "inv-dirx", version: "1.0" };
let clock = new Date("2027-03-31T18:00:00Z"); // 23:30 on 31 March in India
const buyOne = invoiceBuyer(sale, "invc", 9);
let t: TestApp;
let plain: TestApp;
let closeSellers: () => Promise<void>;

beforeAll(async () => {
  ({ taxed: t, plain, close: closeSellers } = await invoiceSellers(sale, () => clock));
});
afterAll(() => closeSellers());

async function buy(app: TestApp, billing?: Record<string, string>) {
  const { orderId } = await buyOne(app, billing);
  const [row] = await queryRows<Record<string, unknown>>(
    app.database.db,
    sql`select number, tax_invoice, supplier_gstin, buyer_gstin, buyer_legal_name, place_of_supply, sac, description,
      taxable_minor::int as taxable, cgst_minor::int as cgst, sgst_minor::int as sgst, igst_minor::int as igst, total_minor::int as total
      from invoices where order_id = ${orderId} and kind = 'invoice'`,
  );
  return row;
}

describe("an invoice for every paid order", () => {
  it("a tax invoice with CGST + SGST in the supplier's state, numbered in the financial year", async () => {
    expect(await buy(t, { state_code: "29" })).toEqual({
      number: "OL/2026-27/00001",
      tax_invoice: true,
      supplier_gstin: "29AAJCO1234K1Z8",
      buyer_gstin: null,
      buyer_legal_name: null,
      place_of_supply: "29",
      sac: "997331",
      description: "inv-dirx Tool 1.0, licence for 12 months",
      taxable: 127034,
      cgst: 11433,
      sgst: 11433,
      igst: 0,
      total: 149900,
    });
  });

  it("IGST for a business in another state, the next number, and a new series on 1 April in India", async () => {
    const billing = { state_code: "27", gstin: "27AABCD1234E1Z8", legal_name: "Rao Security LLP", address: "1 MG Road, Pune" };
    expect(await buy(t, billing)).toMatchObject({ number: "OL/2026-27/00002", buyer_gstin: "27AABCD1234E1Z8", igst: 22866, cgst: 0 });
    clock = new Date("2027-03-31T18:30:00Z");
    expect(await buy(t, { state_code: "96" })).toMatchObject({
      number: "OL/2027-28/00001",
      taxable: 149900,
      igst: 0,
      place_of_supply: "96",
    });
  });

  it("without a GSTIN: a receipt numbered the same way, without tax lines", async () => {
    expect(await buy(plain)).toMatchObject({
      number: "INV/2027-28/00001",
      tax_invoice: false,
      supplier_gstin: null,
      cgst: 0,
      igst: 0,
      taxable: 149900,
    });
  });

  it("links the invoice from the receipt mail", async () => {
    const [mail] = await queryRows<{ text_body: string }>(
      t.database.db,
      sql`select text_body from mail_outbox where kind = 'receipt' order by id limit 1`,
    );
    expect(mail.text_body).toContain("Invoice: OL/2026-27/00001");
    expect(mail.text_body).toMatch(/Your invoice: http.*\/account\/invoices\/OL%2F2026-27%2F00001\?order=\d+&token=/);
  });

  it("shows the admin the invoice as HTML with every Rule 46 field; others get 401, an unknown number 404", async () => {
    const path = `/api/admin/invoices/${encodeURIComponent("OL/2026-27/00002")}`;
    expect((await t.request(path)).status).toBe(401);
    const { headers } = await t.loginAsAdmin();
    const res = await t.request(path, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    for (const text of [
      "Tax invoice OL/2026-27/00002",
      "Oni Labs Private Limited",
      "GSTIN 29AAJCO1234K1Z8",
      "Rao Security LLP",
      "GSTIN 27AABCD1234E1Z8",
      "1 MG Road, Pune",
      "27 Maharashtra",
      "997331",
      "inv-dirx Tool 1.0, licence for 12 months",
      "IGST @ 18%",
      "₹1,270.34",
      "₹228.66",
      "₹1,499.00",
      "31 Mar 2027",
      "Tax payable on reverse charge</th><td>No",
      "For Oni Labs Private Limited — Authorised signatory",
    ])
      expect(html).toContain(text);
    // Styled like the site, and back to the admin's order.
    expect(html).toMatch(/<a href="\/dashboard\/orders\/\d+">Back to order #\d+<\/a>/);
    expect(html).toContain(`href="/api/admin/invoices/${encodeURIComponent("OL/2026-27/00002")}/pdf"`);
    expect((await t.request(`/api/admin/invoices/${encodeURIComponent("OL/2026-27/09999")}`, { headers })).status).toBe(404);
  });

  it("lists the register by India's days of issue, and the CSV's rows equal the list", async () => {
    const { headers } = await t.loginAsAdmin();
    const all = await (await t.request("/api/admin/invoices", { headers })).json();
    expect(all.total).toBe(3);
    expect(all.items.map((d: { number: string; date: string }) => [d.number, d.date])).toEqual([
      ["OL/2026-27/00001", "2027-03-31"],
      ["OL/2026-27/00002", "2027-03-31"],
      ["OL/2027-28/00001", "2027-04-01"],
    ]);
    expect(all.items[1]).toEqual({
      number: "OL/2026-27/00002",
      kind: "invoice",
      order_id: expect.any(Number),
      date: "2027-03-31",
      buyer_gstin: "27AABCD1234E1Z8",
      place_of_supply: "27",
      rate_percent: 18,
      taxable: 1270.34,
      cgst: 0,
      sgst: 0,
      igst: 228.66,
      total: 1499,
      reverses: null,
    });
    const april = await (await t.request("/api/admin/invoices?from=2027-04-01&to=2027-04-30", { headers })).json();
    expect(april.items.map((d: { number: string }) => d.number)).toEqual(["OL/2027-28/00001"]);
    expect((await t.request("/api/admin/invoices?from=31-03-2027", { headers })).status).toBe(400);

    const csv = await t.request("/api/admin/invoices.csv", { headers });
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("number,kind,date,buyer_gstin,place_of_supply,rate_percent,taxable,cgst,sgst,igst,total,reverses");
    const cell = (v: unknown) => (v == null ? "" : String(v));
    expect(lines.slice(1)).toEqual(
      all.items.map((d: Record<string, unknown>) =>
        ["number", "kind", "date", "buyer_gstin", "place_of_supply", "rate_percent", "taxable", "cgst", "sgst", "igst", "total", "reverses"]
          .map((k) => cell(d[k]))
          .join(","),
      ),
    );
  });
});
