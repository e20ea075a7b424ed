import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { generate } from "otplib";
import { gotoHydrated } from "./hydration";
import { firstStep, loggedIn, newAdmin, sharedAdminApi } from "./identity-fixtures";

// The Account screen's second factors post to the screen's action (not to /api): with JavaScript
// through fetchers, without as plain posts. The one-time secret and the recovery codes come back in
// that post's answer only, which no cache keeps. Each test has an admin of its own.
test.describe.configure({ timeout: 120_000 });

const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

/** Signs a new admin in (the login page needs JavaScript) and answers its page. */
async function signedInAdmin(page: Page, label: string) {
  const admin = await newAdmin(await sharedAdminApi(), label);
  await firstStep(page, admin);
  await loggedIn(page);
  return admin;
}

/**
 * Opens an identity check by its button, sends a wrong password (refused by its field, which has
 * the focus with JavaScript), then the right one.
 */
async function confirmWithPassword(page: Page, act: string, question: string, password: string, withJs = true) {
  await page.getByRole("button", { name: act, exact: true }).click();
  const check = page.getByRole("form", { name: question });
  await check.getByLabel("Current password").fill("not the password");
  await check.getByRole("button", { name: act === "Remove the app" ? "Remove the authenticator app" : act }).click();
  await expect(check.getByLabel("Current password")).toHaveAccessibleDescription("The current password is not right.");
  if (withJs) await expect(check.getByLabel("Current password")).toBeFocused();
  await check.getByLabel("Current password").fill(password);
  await check.getByRole("button", { name: act === "Remove the app" ? "Remove the authenticator app" : act }).click();
}

/** The answers to the Account screen's posts, with their Cache-Control. */
function watchPosts(page: Page) {
  const answers: string[] = [];
  const apiCalls: string[] = [];
  page.on("response", (response) => {
    const request = response.request();
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/dashboard/account")) {
      answers.push(response.headers()["cache-control"] ?? "");
    }
  });
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/admin/mfa")) apiCalls.push(request.url());
  });
  return { answers, apiCalls };
}

test("with JavaScript the app is set up, the codes replaced and the app removed through the page's action", async ({ page }, testInfo) => {
  const admin = await signedInAdmin(page, `totp-action-${testInfo.project.name}`);
  const watched = watchPosts(page);
  await gotoHydrated(page, "/dashboard/account");
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await page.getByLabel("6-digit code from the app").fill(await codeAt(secret, Date.now()));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByText("Sign-in asks for a code from your app.")).toBeVisible();

  await confirmWithPassword(page, "Make new recovery codes", "Make 10 new recovery codes?", admin.password);
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await page.getByRole("button", { name: "I have saved them" }).click();

  await confirmWithPassword(page, "Remove the app", "Remove the authenticator app?", admin.password);
  await expect(page.getByText("The authenticator app was removed.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Set up an authenticator app" })).toBeVisible();

  expect(watched.apiCalls).toEqual([]);
  expect(watched.answers.length).toBeGreaterThanOrEqual(5);
  for (const cacheControl of watched.answers) expect(cacheControl).toBe("no-store");
});

test("without JavaScript the app is set up from its key as text, and removed after the password", async ({ page, browser }, testInfo) => {
  const admin = await signedInAdmin(page, `totp-nojs-${testInfo.project.name}`);
  const noJs: BrowserContext = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noJs.newPage();
  const watched = watchPosts(plain);
  await plain.goto(`${new URL(page.url()).origin}/dashboard/account`);
  await plain.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await plain.getByTestId("totp-secret").textContent())!.trim();
  await expect(plain.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  await expect(plain).toHaveURL(/\/dashboard\/account$/);

  // A wrong code is refused by its field; the key is not sent again, the code is asked again.
  await plain.getByLabel("6-digit code from the app").fill("000000");
  await plain.getByRole("button", { name: "Turn on" }).click();
  await expect(plain.getByLabel("6-digit code from the app")).toHaveAccessibleDescription("That code is not valid.");
  await expect(plain.getByTestId("totp-secret")).toHaveCount(0);
  await plain.getByLabel("6-digit code from the app").fill(await codeAt(secret, Date.now()));
  await plain.getByRole("button", { name: "Turn on" }).click();
  await expect(plain.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await plain.getByRole("button", { name: "I have saved them" }).click();
  await expect(plain.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);
  await expect(plain.getByText("Sign-in asks for a code from your app.")).toBeVisible();

  // Without JavaScript the refused post comes back with the check open, its message by the field.
  await confirmWithPassword(plain, "Remove the app", "Remove the authenticator app?", admin.password, false);
  await expect(plain.getByRole("status").filter({ hasText: "The authenticator app was removed." })).toBeVisible();
  await expect(plain.getByRole("button", { name: "Set up an authenticator app" })).toBeVisible();
  expect(watched.answers).toEqual(["no-store", "no-store", "no-store", "no-store", "no-store"]);
  await noJs.close();
});
