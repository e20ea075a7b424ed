import { expect, test } from "@playwright/test";
import { checkScreen } from "./admin-fixtures";
import { firstStep, loggedIn, newAdmin, sharedAdminApi } from "./identity-fixtures";
import { mailedLink } from "./mail-box";
import { gotoHydrated } from "./hydration";

// The signed-out identity pages the mails link to: forgot → mail → reset → login, and
// invitation → accept → login, in Chromium at both widths (each project makes its own admins).

test("forgot password: the mailed link sets a new password, once, and the admin logs in with it", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const api = await sharedAdminApi();
  const admin = await newAdmin(api, `forgot-${testInfo.project.name}`);

  await gotoHydrated(page, "/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/admin\/forgot-password$/);
  await expect(page.getByRole("heading", { level: 1, name: "Forgot password" })).toBeVisible();
  const email = page.getByLabel("Email-Address");
  const send = page.getByRole("button", { name: "Send the reset link" });
  await email.fill("not an address");
  await send.click();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter a valid e-mail address.").first()).toBeVisible();
  await checkScreen(page, "forgot-password-error", testInfo.project.name);

  await email.fill(admin.email);
  await send.click();
  await expect(page.getByRole("status")).toHaveText(/If that e-mail belongs to an admin, a reset link is on its way/);
  await checkScreen(page, "forgot-password-sent", testInfo.project.name);

  const link = await mailedLink(admin.email, "/admin/reset-password");
  expect(link).toMatch(/^\/admin\/reset-password#token=/);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  const password = page.getByLabel("New password", { exact: true });
  const again = page.getByLabel("New password again");
  const save = page.getByRole("button", { name: "Set the new password" });
  await password.fill("short");
  await again.fill("different");
  await save.click();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toBeFocused();
  await expect(page.getByText("At least 12 characters.")).toBeVisible();
  await expect(page.getByText("The two passwords differ.")).toBeVisible();
  // The server's rule (no common password) comes back as the field's message, and the link survives it.
  await password.fill("password1234");
  await again.fill("password1234");
  await save.click();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription(/too common/);
  await checkScreen(page, "reset-password-error", testInfo.project.name);

  const fresh = `${admin.password} renewed`;
  await password.fill(fresh);
  await again.fill(fresh);
  // The form posts to the page's own action (React Router's data request), not to the JSON API.
  const posted = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/admin/reset-password.data");
  await save.click();
  expect((await posted).postData()).toContain("token=");
  await expect(page.getByRole("status")).toContainText("Your password was changed");
  await checkScreen(page, "reset-password-done", testInfo.project.name);

  // The link worked once.
  await page.goto("/");
  await gotoHydrated(page, link);
  await password.fill(`${fresh} again`);
  await again.fill(`${fresh} again`);
  await save.click();
  await expect(page.getByRole("alert")).toContainText("not valid any more");
  await expect(page.getByRole("link", { name: "Ask for a new reset link" })).toBeVisible();

  await firstStep(page, admin);
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
  await firstStep(page, { email: admin.email, password: fresh });
  await loggedIn(page);
});

test("a reset page without its token says so, and without JavaScript it explains why", async ({ browser, page, request }) => {
  await page.goto("/admin/reset-password");
  await expect(page.getByRole("alert")).toContainText("This link is incomplete");
  // A browser with scripts off shows <noscript>; Playwright's switch does not flip the HTML parser, so the HTML is read.
  const html = await (await request.get("/admin/invite")).text();
  expect(html).toMatch(/<noscript><p[^>]*>This page needs JavaScript/);
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noJs.newPage();
  await bare.goto(`${new URL(page.url()).origin}/admin/invite#token=abcdefghijklmnop`);
  await expect(bare.getByRole("button", { name: "Create my account" })).toBeDisabled();
  await noJs.close();
});

test("forgot password works without JavaScript, with the same answer for an unknown address", async ({ browser, page }) => {
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noJs.newPage();
  await page.goto("/");
  await bare.goto(`${new URL(page.url()).origin}/admin/forgot-password`);
  await bare.getByLabel("Email-Address").fill("nobody-here@example.com");
  await bare.getByRole("button", { name: "Send the reset link" }).click();
  await expect(bare.getByRole("status")).toHaveText(/If that e-mail belongs to an admin, a reset link is on its way/);
  await noJs.close();
});

test("invitation: the invited admin chooses a password from the mail and logs in", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const api = await sharedAdminApi();
  const email = `invited-${testInfo.project.name}-${Date.now()}@example.com`;
  expect((await api.post("/api/admin/admins", { data: { email } })).status()).toBe(201);
  const link = await mailedLink(email, "/admin/invite");
  expect(link).toMatch(/^\/admin\/invite#token=/);

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Accept the invitation" })).toBeVisible();
  await checkScreen(page, "invite", testInfo.project.name);
  const password = `invited password ${Date.now()}`;
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("New password again").fill(password);
  const posted = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/admin/invite.data");
  await page.getByRole("button", { name: "Create my account" }).click();
  await posted;
  await expect(page.getByRole("status")).toHaveText(`Welcome. Log in as ${email}.`);
  await page.getByRole("link", { name: "Go to the login" }).click();
  await firstStep(page, { email, password });
  await loggedIn(page);
});
