import { type Browser, expect, request, test } from "@playwright/test";
import { generate } from "otplib";
import { baseURL } from "./admin-fixtures";
import { newAdmin, sharedAdminApi } from "./identity-fixtures";

// The login is a plain form post to its page's action: with JavaScript off the password step, the
// second step and the switch to a recovery code all work, and the session is the API's.
// (No axe check here: axe runs as a script in the page. The same markup is checked with JavaScript in admin-auth.spec.ts.)
test.describe.configure({ timeout: 120_000 });

const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

async function noScriptPage(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  return { context, page: await context.newPage() };
}

/** Turns on an authenticator app for the admin through the API; answers its secret. */
async function enrolTotp(who: { email: string; password: string }) {
  const api = await request.newContext({ baseURL });
  const login = await api.post("/api/admin/login", { data: who });
  const headers = { Authorization: `Bearer ${(await login.json()).auth_token}` };
  const { secret } = await (await api.post("/api/admin/mfa/totp/setup", { headers })).json();
  const enabled = await api.post("/api/admin/mfa/totp/enable", { headers, data: { code: await codeAt(secret, Date.now()) } });
  expect(enabled.status()).toBe(200);
  await api.post("/api/admin/logout", { headers });
  await api.dispose();
  return secret as string;
}

test("with JavaScript off the password logs in, and a wrong one is refused by its field", async ({ browser }, testInfo) => {
  const admin = await newAdmin(await sharedAdminApi(), `nojs-login-${testInfo.project.name}`);
  const { context, page } = await noScriptPage(browser);
  await page.goto("/dashboard/messages?status=new");
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel("Email-Address").fill(admin.email);
  await page.getByLabel("Password").fill("not the password at all");
  await page.getByRole("button", { name: "Login In" }).click();
  const password = page.getByLabel("Password");
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription("Invalid email or password.");
  await expect(password).toBeFocused();

  // The e-mail typed stays; the page asked for still rides along.
  await expect(page.getByLabel("Email-Address")).toHaveValue(admin.email);
  await password.fill(admin.password);
  await page.getByRole("button", { name: "Login In" }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages\?status=new$/);
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  const session = (await context.cookies()).find((c) => c.name === "session_id");
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");
  await context.close();
});

test("with JavaScript off an admin with an authenticator app passes the second step, by code or recovery code", async ({
  browser,
}, testInfo) => {
  const admin = await newAdmin(await sharedAdminApi(), `nojs-totp-${testInfo.project.name}`);
  const secret = await enrolTotp(admin);
  const { context, page } = await noScriptPage(browser);
  await page.goto("/login?next=%2Fdashboard%2Fquests");
  await page.getByLabel("Email-Address").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Login In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Second step" })).toBeVisible();
  // The step's proof is in the page's form, never in its address.
  expect(page.url()).not.toContain("mfa_token");

  const code = page.getByLabel("Code from your authenticator app");
  await code.fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toHaveText("That code is not valid. Try again.");
  await expect(page.getByLabel("Code from your authenticator app")).toHaveAccessibleDescription("That code is not valid. Try again.");

  // The switch is a post too, and back again.
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await expect(page.getByLabel("Recovery code")).toBeVisible();
  await page.getByRole("button", { name: "Use a code from the app instead" }).click();
  // The next time step: the one that turned the app on is spent.
  await page.getByLabel("Code from your authenticator app").fill(await codeAt(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard\/quests$/);
  await expect(page.getByRole("heading", { level: 1, name: "Quests" })).toBeVisible();
  await context.close();
});
