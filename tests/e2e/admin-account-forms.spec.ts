import { expect, request, test } from "@playwright/test";
import { adminHeaders, baseURL, checkScreen } from "./admin-fixtures";
import { firstStep, loggedIn, newAdmin, sharedAdminApi } from "./identity-fixtures";

// The Account screen's plain forms (they post to the page's action): another session revoked, the
// password changed after a wrong current one is said on its field. An admin of its own (decision in
// tests/e2e/identity-fixtures.ts: the shared admin's password never changes).
test.describe.configure({ timeout: 120_000 });

test("a session is revoked and the password changed on the Account screen", async ({ page }, testInfo) => {
  const api = await sharedAdminApi();
  const admin = await newAdmin(api, `account-forms-${testInfo.project.name}`);
  // A second session of the same admin, from a context of its own.
  const other = await request.newContext({ baseURL, extraHTTPHeaders: adminHeaders });
  expect((await other.post("/api/admin/login", { data: admin })).status()).toBe(200);
  await firstStep(page, admin);
  await loggedIn(page);
  await page.goto("/dashboard/account");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

  const revoke = page.getByRole("button", { name: /^Revoke / });
  await expect(revoke).toHaveCount(1);
  await revoke.click();
  await expect(page.getByText(/^Signed out /)).toBeVisible();
  await expect(revoke).toHaveCount(0);
  expect((await other.get("/api/admin/sessions")).status()).toBe(401);
  await other.dispose();

  const current = page.getByLabel("Current password");
  await current.fill("not the password");
  await page.getByLabel("New password", { exact: true }).fill(`${admin.password} new`);
  await page.getByLabel("New password again").fill(`${admin.password} new`);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(current).toHaveAttribute("aria-invalid", "true");
  // axe once the toasts are gone (they fade in and out; their contrast is measured mid-fade).
  await expect(page.locator('[role="status"][aria-live="polite"]')).toHaveCount(0, { timeout: 15_000 });
  await checkScreen(page, "account-password-refused", testInfo.project.name);
  await current.fill(admin.password);
  await page.getByLabel("New password", { exact: true }).fill(`${admin.password} new`);
  await page.getByLabel("New password again").fill(`${admin.password} new`);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed; 0 other sessions were signed out.")).toBeVisible();
  await expect(current).toHaveValue("");
  const fresh = await request.newContext({ baseURL, extraHTTPHeaders: adminHeaders });
  expect((await fresh.post("/api/admin/login", { data: { email: admin.email, password: `${admin.password} new` } })).status()).toBe(200);
  await fresh.dispose();
});
