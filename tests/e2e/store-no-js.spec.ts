import { expect, test } from "./admin-fixtures";
import { DIRX, buyer, ensureDirxForSale } from "./store-fixtures";

// Whole purchases with several axe scans: well over the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

// Without JavaScript: the Buy link, the checkout form, the sandbox's buttons and the receipt are
// plain links and form posts to the pages' own actions.
test.use({ javaScriptEnabled: false });

test("a buyer without JavaScript reaches the sandbox, pays and sees the key", async ({ page }) => {
  await ensureDirxForSale(page.request);
  await page.goto("/products/cyber/webtools/dirx");
  await expect(page.getByText("The price is shown on the checkout page.")).toBeVisible();
  await page.getByRole("link", { name: "Buy dirx" }).click();
  await expect(page).toHaveURL(/\/checkout\/dirx$/);
  await expect(page.getByTestId("checkout-total")).toHaveText(DIRX.price);

  // A refused form comes back with the error on its field, and the browser focuses it (autofocus).
  await page.getByLabel("Your name").fill("Asha Rao");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByLabel("E-mail address")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("E-mail address")).toBeFocused();
  await expect(page.getByLabel("Your name")).toHaveValue("Asha Rao");

  await page.getByLabel("E-mail address").fill(buyer("nojs").email);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/checkout\/test-pay\?order=\d+/);
  await page.getByRole("button", { name: `Pay ${DIRX.price}` }).click();
  await expect(page).toHaveURL(/\/checkout\/receipt\/\d+/);
  await expect(page.getByTestId("licence-key")).toHaveText(/^ONI-/);
});
