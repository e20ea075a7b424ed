import { expect, test } from "./admin-fixtures";
import { buyer, ensureDirxForSale, fillCheckout, openHydrated } from "./store-fixtures";

// Whole purchases with several axe scans: well over the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

const count = async (page: import("@playwright/test").Page, id: string) => Number(await page.getByTestId(id).textContent());

test("the admin overview counts a new paid order, its buyer and its pay id", async ({ page }) => {
  await ensureDirxForSale(page.request);
  await page.goto("/dashboard/overview");
  await expect(page.getByText("Placed Orders")).toBeVisible();
  const placed = await count(page, "placedOrders");
  const users = await count(page, "registeredUsers");

  await openHydrated(page, "/checkout/dirx");
  await fillCheckout(page, buyer("overview"));
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByTestId("licence-key")).toBeVisible();
  const payId = (await page.getByText(/^pay_[A-Za-z0-9]{14}$/).textContent())!;

  await page.goto("/dashboard/overview");
  await expect(page.getByTestId("placedOrders")).toHaveText(String(placed + 1));
  // A new e-mail address is a new registered customer.
  await expect(page.getByTestId("registeredUsers")).toHaveText(String(users + 1));
  await expect(page.getByText(payId)).toBeVisible();
});
