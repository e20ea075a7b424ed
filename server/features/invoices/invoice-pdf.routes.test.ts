import { execFileSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceBuyer, invoiceSellers } from "../../../tests/helpers/invoice-fixtures";
import type { TestApp } from "../../../tests/helpers/test-app";
import { queryRows } from "../../platform/db/query-rows";

// Each PDF is read back with poppler's pdftotext (poppler-utils; .ci/run installs it), so the test
// sees the text a reader copies out of the file, the ₹ sign included, not pdfkit's drawing calls.
const sale = { secret: "invoice-pdf-secret-0123456789abc", productId: "pdf-dirx", version: "2.0" };
const clock = new Date("2026-08-14T06:00:00Z");
const buyOne = invoiceBuyer(sale, "pdfx", 19);
let t: TestApp;
let plain: TestApp;
let closeSellers: () => Promise<void>;

beforeAll(async () => {
  ({ taxed: t, plain, close: closeSellers } = await invoiceSellers(sale, () => clock));
});
afterAll(() => closeSellers());

/** Buys and pays one order; answers its id, its buyer's e-mail, its customer and its invoice's number. */
async function buy(app: TestApp, billing?: Record<string, string>) {
  const { orderId, email } = await buyOne(app, billing);
  const [row] = await queryRows<{ number: string; customer_id: string }>(
    app.database.db,
    sql`select i.number, o.customer_id from invoices i join orders o on o.id = i.order_id where i.order_id = ${orderId}`,
  );
  return { orderId, email, customerId: Number(row.customer_id), number: row.number };
}

const text = (pdf: Uint8Array) => execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", "-", "-"], { input: pdf }).toString("utf8");

async function adminPdf(app: TestApp, number: string) {
  const { headers } = await app.loginAsAdmin();
  const res = await app.request(`/api/admin/invoices/${encodeURIComponent(number)}/pdf`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  expect(res.headers.get("content-disposition")).toBe(`inline; filename="${number.replaceAll("/", "-")}.pdf"`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
  return text(bytes);
}

describe("an invoice as PDF", () => {
  it("a tax invoice to a business in another state: every Rule 46 field, IGST, and ₹ in the embedded font", async () => {
    const billing = { state_code: "27", gstin: "27AABCD1234E1Z8", legal_name: "Rao Security LLP", address: "1 MG Road, Pune" };
    const { number, email } = await buy(t, billing);
    const pdf = await adminPdf(t, number);
    for (const line of [
      `Tax invoice ${number}`,
      "Oni Labs Private Limited",
      "GSTIN 29AAJCO1234K1Z8",
      "Rao Security LLP",
      "Attn. Asha Rao",
      "1 MG Road, Pune",
      email,
      "GSTIN 27AABCD1234E1Z8",
      "14 Aug 2026",
      "27 Maharashtra",
      "997331",
      "pdf-dirx Tool 2.0, licence for 12 months",
      "IGST @ 18%",
      "₹1,270.34",
      "₹228.66",
      "₹1,499.00",
    ])
      expect(pdf).toContain(line);
    expect(pdf).toMatch(/Tax payable on reverse charge\s+No/);
    expect(pdf).toContain("For Oni Labs Private Limited — Authorised signatory");
    expect(pdf).not.toContain("CGST");
  });

  it("in the supplier's state: CGST and SGST, no IGST", async () => {
    const { number } = await buy(t, { state_code: "29" });
    const pdf = await adminPdf(t, number);
    expect(pdf).toMatch(/CGST @ 9%\s+₹114\.33/);
    expect(pdf).toMatch(/SGST @ 9%\s+₹114\.33/);
    expect(pdf).toContain("29 Karnataka");
    expect(pdf).not.toContain("IGST");
  });

  it("a receipt without a GSTIN has no tax lines", async () => {
    const { number } = await buy(plain);
    const pdf = await adminPdf(plain, number);
    expect(pdf).toContain(`Receipt ${number}`);
    expect(pdf).toMatch(/Amount\s+₹1,499\.00/);
    expect(pdf).toMatch(/Total\s+₹1,499\.00/);
    for (const head of ["GSTIN", "CGST", "SGST", "IGST", "Taxable", "reverse charge"]) expect(pdf).not.toContain(head);
    expect(pdf).toMatch(/For .+ — Authorised signatory/);
  });

  it("a credit note names the invoice it reverses with its date, and the refund's reason", async () => {
    const { orderId, number } = await buy(t, { state_code: "29" });
    const credit = "OL/CN/2026-27/00001";
    const [refund] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into refunds (order_id, amount_minor, reason) values (${orderId}, 49967, 'Bought two seats by mistake') returning id`,
    );
    // A credit note as the refund flow stores it, a day after the invoice: the document row is what the PDF reads.
    await t.database.db
      .execute(sql`insert into invoices (number, kind, order_id, refund_id, reverses_id, financial_year, seq, issued_at, tax_invoice,
        supplier_legal_name, supplier_address, supplier_gstin, buyer_name, buyer_email, place_of_supply, sac, description, rate_bp,
        taxable_minor, cgst_minor, sgst_minor, total_minor)
      select ${credit}, 'credit_note', order_id, ${Number(refund.id)}, id, financial_year, 1, issued_at + interval '1 day', tax_invoice,
        supplier_legal_name, supplier_address, supplier_gstin, buyer_name, buyer_email, place_of_supply, sac, description, rate_bp,
        42345, 3811, 3811, 49967
      from invoices where number = ${number}`);
    const pdf = await adminPdf(t, credit);
    expect(pdf).toContain(`Credit note ${credit}`);
    expect(pdf).toMatch(new RegExp(`Reverses invoice\\s+${number.replaceAll("/", "\\/")} dated 14 Aug 2026`));
    expect(pdf).toMatch(/Date\s+15 Aug 2026/);
    expect(pdf).toMatch(/Reason\s+Bought two seats by mistake/);
    expect(pdf).toContain("For Oni Labs Private Limited — Authorised signatory");
    expect(pdf).toMatch(/Total\s+₹499\.67/);
    // The account lists every document of the order, the invoice first.
    expect((await t.services.invoices.ofOrders([orderId])).map((d) => [d.number, d.kind])).toEqual([
      [number, "invoice"],
      [credit, "credit_note"],
    ]);
  });

  it("is the admin's only: 401 without a session, 404 for an unknown number", async () => {
    const path = (number: string) => `/api/admin/invoices/${encodeURIComponent(number)}/pdf`;
    expect((await t.request(path("OL/2026-27/00001"))).status).toBe(401);
    const { headers } = await t.loginAsAdmin();
    expect((await t.request(path("OL/2026-27/09999"), { headers })).status).toBe(404);
  });

  it("opens for the customer whose order it is, and for no other customer or order", async () => {
    const mine = await buy(t, { state_code: "29" });
    const theirs = await buy(t, { state_code: "29" });
    const invoices = t.services.invoices;
    expect((await invoices.ofCustomer(mine.number, mine.customerId)).number).toBe(mine.number);
    await expect(invoices.ofCustomer(theirs.number, mine.customerId)).rejects.toMatchObject({ kind: "not_found" });
    expect((await invoices.ofOrder(mine.number, mine.orderId)).number).toBe(mine.number);
    await expect(invoices.ofOrder(theirs.number, mine.orderId)).rejects.toMatchObject({ kind: "not_found" });
  });
});
