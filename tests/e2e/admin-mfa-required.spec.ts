import { expect, type Page, test } from "@playwright/test";
import type { ChildProcess } from "node:child_process";
import { generate } from "otplib";
import { E2E_PORT } from "../../playwright.config";
import { checkScreen } from "./admin-fixtures";
import { loggedIn, logout } from "./identity-fixtures";
import { dataDirWithAdmin, startOwnServer, stopOwnServer } from "./own-server";

// With ADMIN_MFA_REQUIRED=true an admin without a second factor enrols at the
// next login before any other screen opens. The suite's own server runs without the setting, so
// this file starts a second one (as public-site-deploy.spec.ts does) on its own port and fresh
// embedded database, with its admin made by the real CLI before the server opens that database.
const PORT = Number(process.env.E2E_MFA_PORT ?? E2E_PORT + 2);
const origin = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: "mfa-required@example.com", password: "mfa required passphrase 2026" };
const ENROL = /\/dashboard\/account\?enrol=required$/;
const BANNER = "This site requires a second factor. Set up an authenticator app or add a passkey before using the other screens.";

test.use({ baseURL: origin });
test.describe.configure({ timeout: 120_000 });

let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // One project at a time, each with its own server and database: the admin is new in each.
  const dataDir = await dataDirWithAdmin("mfa-required", ADMIN);
  server = await startOwnServer(
    PORT,
    { DATA_DIR: dataDir, NODE_ENV: "production", ADMIN_MFA_REQUIRED: "true", LOGIN_RATE_LIMIT: "1000" },
    "the ADMIN_MFA_REQUIRED server",
  );
});

test.afterAll(() => stopOwnServer(server));

/** Follows a sidebar link (the phone layout opens its menu first). */
async function openFromSidebar(page: Page, name: string) {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name, exact: true }).click();
}

const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

test("an admin without a second factor is held on Account until one is set up, then every screen opens", async ({ page }, testInfo) => {
  // Asked for the orders; the login goes there, and the guard sends the admin to enrol instead.
  await page.goto("/login?next=/dashboard/orders");
  await firstStepHere(page);
  await loggedIn(page);
  await expect(page).toHaveURL(ENROL);
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: BANNER })).toBeVisible();
  await expect(page.getByRole("button", { name: "Set up an authenticator app" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add a passkey" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await checkScreen(page, "account-enrol-required", testInfo.project.name);

  // Neither the sidebar (a client navigation: the layout's guard runs on every data request) nor a
  // typed address opens another screen.
  await openFromSidebar(page, "Coupon list");
  await expect(page).toHaveURL(ENROL);
  await expect(page.getByRole("alert").filter({ hasText: BANNER })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Coupons" })).toHaveCount(0);
  await page.goto("/dashboard/overview");
  await expect(page).toHaveURL(ENROL);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toHaveCount(0);
  await expect(page.getByRole("alert").filter({ hasText: BANNER })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

  // Enrol the authenticator app: the first factor comes with its recovery codes, and the banner goes.
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("6-digit code from the app").fill(await codeAt(secret, Date.now()));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByText("Sign-in asks for a code from your app.")).toBeVisible();
  await expect(page.getByText(BANNER)).toHaveCount(0);

  // Now the other screens open, from the sidebar and by address.
  await openFromSidebar(page, "Coupon list");
  await expect(page).toHaveURL(/\/dashboard\/coupons$/);
  await expect(page.getByRole("heading", { level: 1, name: "Coupons" })).toBeVisible();
  await page.goto("/dashboard/orders");
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await logout(page);

  // The next login asks for the app's code (the next time step: the one that turned it on is spent)
  // and then goes where it was asked to, with no detour through Account.
  await page.goto("/login?next=/dashboard/orders");
  await firstStepHere(page);
  await expect(page.getByRole("heading", { level: 1, name: "Second step" })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel("Code from your authenticator app").fill(await codeAt(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Verify" }).click();
  await loggedIn(page);
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
});

/** The login form's first step on the login page already open (identity-fixtures' firstStep opens /login without `next`). */
async function firstStepHere(page: Page) {
  // Hydrated: the steps are answered in place (before that the form would post as a plain page).
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Email-Address").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login In" }).click();
}
