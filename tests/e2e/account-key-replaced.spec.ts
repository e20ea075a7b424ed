import { buy, signIn } from "./account-fixtures";
import { expect, test } from "./admin-fixtures";
import { buyer } from "./store-fixtures";
import { gotoHydrated } from "./hydration";

// A replaced key closes every old door: after Replace my key, the receipt link shows no key, only
// when it was replaced and the way to the account; the rotate panel closes and unticks itself.
test.describe.configure({ timeout: 120_000 });

test("buy, replace the key from the account, open the receipt link again: no key, the date it was replaced", async ({ page }) => {
  const { email } = buyer("key-replaced");
  const key = await buy(page, email);
  const receipt = page.url();
  expect(receipt).toMatch(/\/checkout\/receipt\/\d+\?token=/);

  await signIn(page, email);
  await gotoHydrated(page, "/account");
  const panel = page.locator("details").filter({ hasText: "Replace my key" });
  await panel.getByText("Replace my key", { exact: true }).first().click();
  await page.getByLabel("I understand, replace the key").check();
  await page.getByRole("button", { name: "Replace my key" }).click();
  await expect(page.getByTestId("account-result")).toContainText("Your new key is ready");
  const fresh = (await page.getByTestId("licence-key").textContent()) as string;
  expect(fresh).not.toBe(key);
  // The panel closed and unticked itself: opened again, the box is clear.
  await expect(panel).not.toHaveAttribute("open");
  await panel.getByText("Replace my key", { exact: true }).first().click();
  await expect(page.getByLabel("I understand, replace the key")).not.toBeChecked();

  await page.goto(receipt);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your licence key was replaced");
  await expect(page.getByTestId("key-withdrawn")).toContainText(
    /was replaced on \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}\./,
  );
  await expect(page.getByTestId("key-withdrawn").getByRole("link", { name: "your account" })).toHaveAttribute("href", "/account");
  await expect(page.getByTestId("licence-key")).toHaveCount(0);
  await expect(page.getByText(key)).toHaveCount(0);
  await expect(page.getByText(fresh)).toHaveCount(0);
});
