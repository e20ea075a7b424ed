import { expect, test } from "./admin-fixtures";
import { DIRX, buyer, ensureDirxForSale } from "./store-fixtures";

// The order page's forms are plain posts: without JavaScript a revoke (no dialog then), a restore
// and a bad extend still work, each answer shown by its form.
test.use({ javaScriptEnabled: false });
test.describe.configure({ timeout: 120_000 });

test("without JavaScript the admin revokes, restores and gets the field message of a bad extend", async ({ page }) => {
  await ensureDirxForSale(page.request);
  // Bought without JavaScript too: the checkout and the test provider's page are plain forms.
  await page.goto("/checkout/dirx");
  await page.getByLabel("Your name").fill("No Script");
  await page.getByLabel("E-mail address").fill(buyer("desk-nojs").email);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: `Pay ${DIRX.price}` }).click();
  await expect(page).toHaveURL(/\/checkout\/receipt\/\d+/);
  const orderId = /\/checkout\/receipt\/(\d+)/.exec(page.url())?.[1] ?? "";
  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Order #${orderId}`);

  await page.getByRole("button", { name: "Revoke licence" }).click();
  await expect(page.getByText("Give a reason.")).toBeVisible();
  await page.getByLabel("Reason for revoking").fill("Fraud check");
  await page.getByRole("button", { name: "Revoke licence" }).click();
  await expect(page.getByTestId("licence-state")).toHaveText("Revoked");
  await page.getByRole("button", { name: "Restore licence" }).click();
  await expect(page.getByTestId("licence-state")).toHaveText("Valid");
  await page.getByLabel("Extend by months (1-36)").fill("0");
  await page.getByRole("button", { name: "Extend term" }).click();
  await expect(page.getByText("At least 1 month.")).toBeVisible();
});
