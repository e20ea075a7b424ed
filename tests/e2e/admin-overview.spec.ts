import { checkScreen, expect, test } from "./admin-fixtures";

test("overview shows the cards, the chart and the pay ID list", async ({ page }, testInfo) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  for (const label of ["Placed Orders", "Active Orders", "Expired Orders", "Registered Users"])
    await expect(page.getByText(label)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Transaction Trends" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Daily transactions in the last 10 days/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Transaction History (Pay IDs)" })).toBeVisible();
  await checkScreen(page, "overview", testInfo.project.name);
});

test("the period selector changes the range, and the revenue is shown in rupees", async ({ page }) => {
  await page.goto("/dashboard/overview");
  await expect(page.getByRole("link", { name: "10 days" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("revenue")).toHaveText(/^₹[\d,]+\.\d\d$/);
  await page.getByRole("link", { name: "30 days" }).click();
  await expect(page).toHaveURL(/\/dashboard\/overview\?days=30$/);
  await expect(page.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Revenue, last 30 days")).toBeVisible();
  await expect(page.getByRole("img", { name: /Daily transactions in the last 30 days/ })).toBeVisible();
});

test("Chart.js is loaded only on the overview", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => scripts.push(request.url()));
  await page.goto("/dashboard/coupon-gen");
  await expect(page.getByRole("heading", { name: "Coupon Code Generator" })).toBeVisible();
  expect(scripts.filter((url) => url.includes("transactions-chart"))).toEqual([]);
});

test("the sidebar collapses on small screens and Escape closes it", async ({ page, isMobile }) => {
  await page.goto("/dashboard/overview");
  const menu = page.getByRole("button", { name: "Menu" });
  if (!isMobile) {
    await expect(menu).toBeHidden();
    await expect(page.getByRole("link", { name: "Coupon", exact: true })).toBeVisible();
    return;
  }
  await expect(page.getByRole("link", { name: "Coupon", exact: true })).toBeHidden();
  await menu.click();
  const close = page.getByRole("button", { name: "Close menu" });
  await expect(close).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("link", { name: "Coupon", exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("button", { name: "Menu" })).toBeFocused();
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("button", { name: "Release" }).click();
  await page.getByRole("link", { name: "Patch", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Create Patch Version Release" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
});
