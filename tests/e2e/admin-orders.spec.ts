import { readFile } from "node:fs/promises";
import { checkScreen, expect, test } from "./admin-fixtures";
import { DIRX, buyer, ensureDirxForSale, fillCheckout, openHydrated } from "./store-fixtures";
import { gotoHydrated } from "./hydration";
import { indiaDate } from "../../contract/time";

// A whole purchase, then the admin's lookups: longer than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

test("an order is found by e-mail or payment id, filtered, exported, and counted per product", async ({ page }, testInfo) => {
  await ensureDirxForSale(page.request);
  const who = buyer("orders");
  await openHydrated(page, "/checkout/dirx");
  await fillCheckout(page, who);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: `Pay ${DIRX.price}` }).click();
  await expect(page).toHaveURL(/\/checkout\/receipt\/\d+\?token=/);

  await gotoHydrated(page, "/dashboard/orders");
  await page.getByLabel("Payment id or e-mail").fill(who.email.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("1 order", { exact: true })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: who.email });
  await expect(row).toContainText(DIRX.price);
  await expect(row).toContainText("dirx 1.0");
  const payId = (await row.getByRole("cell").first().textContent())?.trim() ?? "";
  expect(payId).toMatch(/^pay_/);
  await checkScreen(page, "orders", testInfo.project.name);

  await page.goto(`/dashboard/orders?q=${payId}`);
  await expect(page.getByRole("row").filter({ hasText: who.email })).toBeVisible();
  await page.goto(`/dashboard/orders?q=${encodeURIComponent(who.email)}&status=refunded`);
  await expect(page.getByText("No orders match.")).toBeVisible();
  const today = indiaDate(new Date());
  await page.goto(`/dashboard/orders?q=${encodeURIComponent(who.email)}&from=${today}&to=${today}`);
  await expect(page.getByText("1 order", { exact: true })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  const lines = (await readFile(await download.path(), "utf8")).trim().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,${payId},${who.email},${who.name},dirx,1.0,1499,INR,`);

  await page.goto("/dashboard/overview");
  const split = page.getByRole("region", { name: "Sales by product, last 10 days" });
  await expect(split.getByRole("row").filter({ hasText: "(dirx)" })).toContainText("₹");
  await checkScreen(page, "overview-split", testInfo.project.name);
});

test("a malformed day in the URL is a field message, not an error page", async ({ page }) => {
  await page.goto("/dashboard/orders?from=yesterday");
  await expect(page.getByText("Use a date such as 2026-11-01.")).toBeVisible();
  await expect(page.getByText("0 orders")).toBeVisible();
});

test("the list sorts on the server by a column heading, which says how it is sorted", async ({ page }, testInfo) => {
  const ids = async (query: string) =>
    ((await (await page.request.get(`/api/admin/orders?page_size=20&${query}`)).json()).items as { id: number; payment_id: string }[]).map(
      // The first cell links to the order's page: its pay id, or its number while it has none.
      (o) => o.payment_id ?? `Order #${o.id}`,
    );
  if ((await ids("")).length === 0) {
    await ensureDirxForSale(page.request);
    await openHydrated(page, "/checkout/dirx");
    await fillCheckout(page, buyer("sorting"));
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByRole("button", { name: `Pay ${DIRX.price}` }).click();
    await expect(page).toHaveURL(/\/checkout\/receipt\/\d+\?token=/);
  }
  const shown = async () => (await page.getByRole("row").locator("td:first-child").allTextContents()).map((t) => t.trim());
  const header = (name: string) => page.getByRole("columnheader", { name });

  await page.goto("/dashboard/orders");
  await expect(header("Ordered")).toHaveAttribute("aria-sort", "descending");
  await expect(header("Amount")).not.toHaveAttribute("aria-sort", /.*/);
  await header("Amount").getByRole("link", { name: "Amount" }).click();
  await expect(page).toHaveURL(/sort=amount&dir=desc/);
  await expect(header("Amount")).toHaveAttribute("aria-sort", "descending");
  await expect(header("Ordered")).not.toHaveAttribute("aria-sort", /.*/);
  expect(await shown()).toEqual(await ids("sort=amount&dir=desc"));
  await checkScreen(page, "orders-sorted", testInfo.project.name);
  // Again: the other way round, by keyboard.
  await header("Amount").getByRole("link").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/sort=amount&dir=asc/);
  await expect(header("Amount")).toHaveAttribute("aria-sort", "ascending");
  expect(await shown()).toEqual(await ids("sort=amount&dir=asc"));
  // A new search keeps the order.
  await page.getByLabel("Status").selectOption("placed");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/status=placed/);
  await expect(page).toHaveURL(/sort=amount&dir=asc/);
  await expect(header("Amount")).toHaveAttribute("aria-sort", "ascending");

  await page.goto("/dashboard/orders?sort=customer_email");
  await expect(page.getByRole("alert").filter({ hasText: "This list cannot be sorted that way" })).toBeVisible();
});
