import { expect, test } from "./admin-fixtures";
import { DIRX, buyer, ensureDirxForSale, fillCheckout, openHydrated } from "./store-fixtures";

test.describe.configure({ timeout: 120_000 });
test.beforeEach(async ({ page }) => ensureDirxForSale(page.request));

// The e2e server runs the example site config: a supplier in Karnataka (29), prices include 18 % GST.
test("a business in another state buys: the quote and the tax invoice show IGST", async ({ page }) => {
  await openHydrated(page, `/checkout/${DIRX.product_id}`);
  await fillCheckout(page, buyer("business"));
  await page.getByLabel("Your state").selectOption({ label: "Maharashtra" });
  await expect(page.getByTestId("checkout-igst")).toHaveText("₹228.66");
  await page.getByLabel("Business purchase (GST invoice with your GSTIN)").check();
  await page.getByLabel("GSTIN", { exact: true }).fill("27AABCD1234E1Z9");
  await page.getByLabel("Legal name of the business").fill("Rao Security LLP");
  await page.getByLabel("Registered address").fill("1 MG Road, Pune 411001");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByText("This GSTIN's check digit does not match: please check it.")).toBeVisible();

  await page.getByLabel("GSTIN", { exact: true }).fill("27AABCD1234E1Z8");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/checkout\/test-pay\?order=\d+&token=/);
  await page.getByRole("button", { name: `Pay ${DIRX.price}` }).click();
  await expect(page).toHaveURL(/\/checkout\/receipt\/\d+\?token=/);

  await page.getByTestId("invoice-link").click();
  await expect(page).toHaveURL(/\/account\/invoices\/[A-Z]+%2F\d{4}-\d{2}%2F\d{5}\?order=\d+&token=/);
  const body = page.locator("body");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Tax invoice");
  for (const text of [
    "GSTIN 29AAJCO1234K1Z8",
    "GSTIN 27AABCD1234E1Z8",
    "Rao Security LLP",
    "27 Maharashtra",
    "997331",
    "IGST @ 18%",
    "₹228.66",
    "₹1,270.34",
    DIRX.price,
  ])
    await expect(body).toContainText(text);
  await expect(body).not.toContainText("CGST");
});
