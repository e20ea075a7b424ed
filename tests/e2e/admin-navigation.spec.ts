import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { checkScreen, loginThroughForm } from "./admin-fixtures";
import { gotoHydrated } from "./hydration";

// Getting around the admin: the skip link, the heading announced after a navigation, the login that
// returns to the page asked for, and the login dialog that keeps a form when the session ended.

async function openMenu(page: Page) {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
}

test("the first tab stop skips the navigation, and a new screen's heading is announced and focused", async ({ page }) => {
  await loginThroughForm(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();

  await openMenu(page);
  await page.getByRole("link", { name: "Messages" }).click();
  const heading = page.getByRole("heading", { level: 1, name: "Messages" });
  await expect(heading).toBeFocused();
  await expect(page.getByTestId("route-announcer")).toHaveText("Messages");
});

test("login returns to the page asked for, and only to a page of this site", async ({ page }) => {
  await page.goto("/dashboard/messages?status=new");
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Fmessages%3Fstatus%3Dnew$/);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Email-Address").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login In" }).click();
  await page.waitForURL("**/dashboard/messages?status=new");
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();

  // Logged in already: the login page forwards at once, and a foreign target becomes the overview.
  await page.goto("/login?next=%2F%2Fevil.example%2F");
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await page.goto("/login?next=%2Fdashboard%2Fquests");
  await expect(page).toHaveURL(/\/dashboard\/quests$/);
});

test("an ended session opens a login dialog that keeps the form, sent again after the login", async ({
  page,
  context,
  request,
}, testInfo) => {
  await loginThroughForm(page);
  await gotoHydrated(page, "/dev-quest-add");
  const title = `Quest kept ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Survives a session timeout");
  await page.getByLabel("Prize").fill("$5");
  // The session ends behind the browser's back (as an idle timeout would).
  const token = (await context.cookies()).find((c) => c.name === "session_id")?.value;
  expect((await request.post("/api/admin/logout", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);

  await page.getByRole("button", { name: "Add Module" }).click();
  const dialog = page.getByRole("dialog", { name: "Your session has ended" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Email-Address")).toHaveValue(E2E_ADMIN.email);
  await checkScreen(page, "session-dialog", testInfo.project.name);
  await dialog.getByLabel("Password").fill("not the password");
  await dialog.getByRole("button", { name: "Log in again" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Invalid email or password.");
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await dialog.getByLabel("Password").fill(E2E_ADMIN.password);
  await dialog.getByRole("button", { name: "Log in again" }).click();
  await expect(dialog).toBeHidden();
  // The form posts to its page's action: after the re-login it keeps what was typed and is sent again.
  await expect(page.getByRole("alert").filter({ hasText: "You are signed in again: send the form once more." })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await page.getByRole("button", { name: "Add Module" }).click();
  await expect(page.getByText("Module added successfully!")).toBeVisible();
  const listed = await page.request.get("/api/devquests");
  expect(JSON.stringify(await listed.json())).toContain(title);
});
