import { readFile } from "node:fs/promises";
import { checkScreen, expect, test } from "./admin-fixtures";
import { DIRX, buyer, ensureDirxForSale, fillCheckout, openHydrated } from "./store-fixtures";

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

  await page.goto("/dashboard/orders");
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
  const today = new Date().toISOString().slice(0, 10);
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
