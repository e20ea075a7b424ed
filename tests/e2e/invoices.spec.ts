import { buy, signIn } from "./account-fixtures";
import { checkScreen, expect, test } from "./admin-fixtures";
import { buyer } from "./store-fixtures";

// The admin's register of invoices at /dashboard/invoices (its CSV is the GST return's source) and
// the customer's invoice links on /account, at both widths (the desktop and phone projects).
test.describe.configure({ timeout: 120_000 });

type Item = Record<"number" | "date" | "buyer_gstin" | "place_of_supply" | "reverses", string | null> &
  Record<"rate_percent" | "taxable" | "cgst" | "sgst" | "igst" | "total" | "order_id", number> & { kind: "invoice" | "credit_note" };
const COLUMNS = [
  "number",
  "kind",
  "date",
  "buyer_gstin",
  "place_of_supply",
  "rate_percent",
  "taxable",
  "cgst",
  "sgst",
  "igst",
  "total",
  "reverses",
] as const;
const csvLine = (d: Item) => COLUMNS.map((k) => (d[k] == null ? "" : String(d[k]))).join(",");

test("the month's register: the table, the totals and the CSV agree with what is stored", async ({ page }, testInfo) => {
  await buy(page, buyer("register-a").email);
  await buy(page, buyer("register-b").email, {
    state_code: "27",
    gstin: "27AABCD1234E1Z8",
    legal_name: "Rao Security LLP",
    address: "1 MG Road, Pune",
  });

  await page.goto("/dashboard/invoices");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invoices and credit notes");
  const month = await page.getByLabel("Month", { exact: true }).inputValue();
  expect(month).toMatch(/^\d{4}-\d{2}$/);
  const csvHref = (await page.getByRole("link", { name: "Download CSV" }).getAttribute("href")) as string;
  expect(csvHref).toMatch(/^\/api\/admin\/invoices\.csv\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/);

  // What is stored for the same period, every page of it.
  const stored: Item[] = [];
  for (let p = 1; ; p++) {
    const answer = (await (await page.request.get(`${csvHref.replace(".csv", "")}&page=${p}`)).json()) as { items: Item[]; total: number };
    stored.push(...answer.items);
    if (stored.length >= answer.total || answer.items.length === 0) break;
  }
  expect(stored.length).toBeGreaterThanOrEqual(2);

  const csv = await page.request.get(csvHref);
  expect(csv.headers()["content-type"]).toMatch(/text\/csv/);
  const lines = (await csv.text()).trimEnd().split("\r\n");
  expect(lines[0]).toBe(COLUMNS.join(","));
  expect(lines.slice(1)).toEqual(stored.map(csvLine));

  // The table shows the first page of the same documents, in the same order, with their order links.
  const rows = page.getByTestId("invoice-register").locator("tbody tr");
  const shown = stored.slice(0, 50);
  await expect(rows).toHaveCount(shown.length);
  await expect(rows.locator("th")).toHaveText(shown.map((d) => `${d.number} PDF`));
  const gst = shown.find((d) => d.buyer_gstin === "27AABCD1234E1Z8") as Item;
  const row = rows.filter({ hasText: gst.number as string });
  await expect(row.getByRole("link", { name: `#${gst.order_id}` })).toHaveAttribute("href", `/dashboard/orders/${gst.order_id}`);
  await expect(row).toContainText("27 Maharashtra");
  await expect(row).toContainText("₹228.66");

  // The net totals are the sums of what is stored, to the paisa: invoices less credit notes (other
  // specs on the same server, such as refunds.spec.ts, may have issued some this month).
  const paise = (key: "taxable" | "igst" | "total") =>
    stored.reduce((sum, d) => sum + (d.kind === "credit_note" ? -1 : 1) * Math.round(d[key] * 100), 0);
  const inr = (minor: number) => `₹${(minor / 100).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`;
  const net = page.getByTestId("invoice-totals").getByRole("row", { name: /^Net/ });
  for (const key of ["taxable", "igst", "total"] as const) await expect(net).toContainText(inr(paise(key)));

  // Each number opens its PDF.
  const pdf = await page.request.get((await row.getByRole("link", { name: `${gst.number} as PDF` }).getAttribute("href")) as string);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await checkScreen(page, "invoices", testInfo.project.name);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the month form, the other months and a range of days work as plain GET forms", async ({ page }) => {
    await page.goto("/dashboard/invoices?month=2020-02");
    await expect(page.getByRole("heading", { name: "Totals for February 2020" })).toBeVisible();
    await expect(page.getByText("No invoices or credit notes in this period.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
      "href",
      "/api/admin/invoices.csv?from=2020-02-01&to=2020-02-29",
    );
    await page.getByRole("link", { name: "March 2020 →" }).click();
    await expect(page).toHaveURL(/\?month=2020-03$/);
    await page.getByLabel("From (India day)").fill("2020-01-01");
    await page.getByRole("button", { name: "Show days" }).click();
    // The day fields start at the month shown, so only its first day changed.
    await expect(page).toHaveURL(/\?from=2020-01-01&to=2020-03-31$/);
    await expect(page.getByRole("heading", { name: "Totals for 1 Jan 2020 to 31 Mar 2020" })).toBeVisible();
    await page.goto("/dashboard/invoices?month=2020-13");
    await expect(page.getByText("Use a month such as 2026-08.")).toBeVisible();
  });
});

test("the account lists each order's invoice as a page and as PDF, opened by the customer's own session", async ({ page }, testInfo) => {
  const { email } = buyer("account-invoice");
  await buy(page, email);
  await page.context().clearCookies();
  await signIn(page, email);
  const invoice = page.getByRole("list", { name: "Invoices and credit notes" }).getByRole("link", { name: /^Invoice \S+$/ });
  await expect(invoice).toHaveCount(1);
  const name = (await invoice.textContent()) as string;
  await checkScreen(page, "account-invoices", testInfo.project.name);

  const pdf = await page.request.get((await page.getByRole("link", { name: `${name} as PDF` }).getAttribute("href")) as string);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await invoice.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name.replace(/^Invoice/, "Tax invoice"));
  await expect(page.getByRole("link", { name: "Download as PDF" })).toHaveAttribute("href", /\/account\/invoices\/.+\/pdf$/);
  await expect(page.getByText(/^For .+ — Authorised signatory$/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to your account" }).first()).toHaveAttribute("href", "/account");

  // Signed out, the same address asks for a sign-in instead of showing the invoice.
  await page.context().clearCookies();
  await page.goto(new URL(page.url()).pathname);
  await expect(page).toHaveURL(/\/account\/sign-in$/);
});
