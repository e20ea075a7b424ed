import { adminHeaders, checkScreen, createVersion, expect, test, unique } from "./admin-fixtures";
import { gotoHydrated } from "./hydration";
import { DIRX, buyer, ensureDirxForSale, fillCheckout, openHydrated } from "./store-fixtures";

// A whole purchase and axe scans: well over the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

async function openMenu(page: import("@playwright/test").Page) {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
}

test("Save as draft on the version form stores a draft, listed as draft", async ({ page }, testInfo) => {
  const id = unique("e2e-draft");
  await gotoHydrated(page, "/dashboard/version-release/major");
  await page.getByLabel("Product ID").fill(id);
  await page.getByLabel("Product Name").fill(`Draft ${id}`);
  await page.getByLabel("Version", { exact: true }).fill("3.0");
  await page.getByLabel("Amount").fill("10");
  for (const label of ["RAM", "GPU", "Processor", "Storage", "Network"]) await page.getByLabel(label, { exact: true }).fill("any");
  await page.getByRole("checkbox", { name: "linux" }).check();
  await page.getByRole("checkbox", { name: /Save as draft/ }).check();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Product requirements submitted successfully")).toBeVisible();
  await checkScreen(page, "product-form-draft", testInfo.project.name);

  await page.goto("/dashboard/versions");
  const row = page.getByRole("row").filter({ hasText: id });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell", { name: "draft", exact: true })).toBeVisible();
});

test("the version picker starts on the version for sale", async ({ page }) => {
  const v = await createVersion(page, { amount: 10 });
  await createVersion(page, { product_id: v.product_id, product_name: v.product_name, version: "2.0", amount: 20 });
  await createVersion(page, { product_id: v.product_id, product_name: v.product_name, version: "3.0", amount: 30 });
  const list = await page.request.get(`/api/admin/product-versions?product_id=${v.product_id}`);
  const { items } = (await list.json()) as { items: { id: number; version: string }[] };
  const second = items.find((i) => i.version === "2.0")!;
  const patched = await page.request.patch(`/api/admin/product-versions/${second.id}`, { headers: adminHeaders, data: { for_sale: true } });
  expect(patched.status()).toBe(200);
  await gotoHydrated(page, "/dashboard/coupon-gen");
  await page.getByLabel("Product").selectOption({ label: v.product_name });
  await expect(page.getByLabel("Version")).toHaveValue("2.0");
});

test("generated codes are not saved until Submit, leaving asks first, and a submitted code buys in the store", async ({
  page,
}, testInfo) => {
  await ensureDirxForSale(page.request);
  await gotoHydrated(page, "/dashboard/coupon-gen");
  await page.getByLabel("Product").selectOption({ label: DIRX.product_name });
  await expect(page.getByLabel("Version")).toHaveValue(DIRX.version);
  await page.getByLabel("Discount Percentage").fill("10");
  await page.getByLabel("Number of Coupons").fill("2");
  await page.getByRole("button", { name: "Generate Coupons" }).click();

  const generated = page.getByRole("region", { name: /Generated coupons/ });
  await expect(generated.getByText("not saved yet")).toBeVisible();
  const codes = generated.getByRole("list", { name: "Generated coupon codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(2);
  expect(await codes.first().evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono/i);
  // Submit is the highlighted button, Generate the plain one.
  const submit = page.getByRole("button", { name: "Submit" });
  const primary = await submit.evaluate((el) => getComputedStyle(el).backgroundColor);
  const plain = await page.getByRole("button", { name: "Generate Coupons" }).evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(primary).not.toBe(plain);
  await checkScreen(page, "coupon-gen-unsaved", testInfo.project.name);

  // Closing or reloading the tab: the page asks the browser to confirm.
  const asks = () =>
    page.evaluate(() => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
  expect(await asks()).toBe(true);
  // A link inside the admin: the page asks, and staying keeps the codes.
  await openMenu(page);
  await page.getByRole("link", { name: "Coupon list", exact: true }).click();
  const dialog = page.getByRole("alertdialog", { name: "Leave this page?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/coupon-gen$/);
  const code = (await codes.first().textContent())!.trim();

  await submit.click();
  await expect(page.getByText("2 coupons added.")).toBeVisible();
  await expect(page.getByText("not saved yet")).toHaveCount(0);
  expect(await asks()).toBe(false);

  await openHydrated(page, "/checkout/dirx");
  await fillCheckout(page, { ...buyer("generated"), coupon: code });
  // 10 % of ₹1,499.00 is ₹149.90.
  await expect(page.getByTestId("checkout-total")).toHaveText("₹1,349.10");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByText(`Coupon ${code}`)).toBeVisible();
  await page.getByRole("button", { name: "Pay ₹1,349.10" }).click();
  await expect(page.getByTestId("licence-key")).toHaveText(/^ONI(-[0-9A-Z]{5}){4,}$/);
});
