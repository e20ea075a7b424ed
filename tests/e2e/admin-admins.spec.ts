import { checkScreen, expect, test } from "./admin-fixtures";
import { newAdmin, sharedAdminApi } from "./identity-fixtures";
import { mailedLink } from "./mail-box";
import { gotoHydrated } from "./hydration";

// The Admins screen as the shared e2e admin: invite (field message, then the row and the mail),
// disable and enable an admin this test made (never the shared one).
test("invite an admin from the Admins screen, then disable and enable another", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const api = await sharedAdminApi();
  const other = await newAdmin(api, `admins-screen-${testInfo.project.name}`);

  await gotoHydrated(page, "/dashboard/overview");
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("link", { name: "Admins", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/admins$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admins" })).toBeVisible();
  // A table from md up, a list of cards on a phone; either way one entry per admin.
  const phone = testInfo.project.name === "phone";
  const table = phone ? page.getByRole("list", { name: "All admins" }) : page.getByRole("region", { name: "All admins" });
  const entry = phone ? "listitem" : "row";
  await expect(table.getByRole(entry).filter({ hasText: "e2e-admin@example.com" })).toContainText("(you)");

  const email = page.getByLabel("E-mail address");
  await email.fill("not an address");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription(/Enter a valid e-mail address/);
  await checkScreen(page, "admins-invalid", testInfo.project.name);

  const invited = `screen-invite-${testInfo.project.name}-${Date.now()}@example.com`;
  await email.fill(invited);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${invited}.`)).toBeVisible();
  await expect(email).toHaveValue("");
  const invitedRow = table.getByRole(entry).filter({ hasText: invited });
  await expect(invitedRow).toContainText("invited");
  await expect(invitedRow.getByRole("button", { name: `Send again to ${invited}` })).toBeVisible();
  expect(await mailedLink(invited, "/admin/invite")).toMatch(/^\/admin\/invite#token=/);

  // Inviting an existing admin is refused on the field.
  await email.fill(other.email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(email).toHaveAccessibleDescription(/Already an admin/);

  const row = table.getByRole(entry).filter({ hasText: other.email });
  await expect(row).toContainText("active");
  await expect(row).toContainText("off");
  await row.getByRole("button", { name: `Disable ${other.email}` }).click();
  const disableDialog = page.getByRole("alertdialog", { name: `Disable ${other.email}?` });
  await expect(disableDialog).toContainText("Their sessions end at once.");
  await checkScreen(page, "admins-disable-dialog", testInfo.project.name);
  await disableDialog.getByRole("button", { name: `Disable ${other.email}` }).click();
  await expect(page.getByText("The admin was disabled and signed out.")).toBeVisible();
  await expect(row).toContainText("disabled");
  expect((await api.post("/api/admin/login", { data: other })).status()).toBe(401);
  await checkScreen(page, "admins", testInfo.project.name);
  // Nothing wider than the screen: the page never scrolls sideways.
  // (against the device's width: a phone's window.innerWidth grows with a too-wide page)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

  await row.getByRole("button", { name: `Enable ${other.email}` }).click();
  await expect(page.getByText("The admin was enabled and may log in again.")).toBeVisible();
  await expect(row).toContainText("active");
});
