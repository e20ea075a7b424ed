import { type APIRequestContext, expect, type Page, request } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { adminHeaders, baseURL, unique } from "./admin-fixtures";
import { gotoHydrated } from "./hydration";
import { mailedLink } from "./mail-box";

// Identity specs never touch the shared e2e admin's factors or password: each test makes its own
// admins through the real invitation flow, using the shared admin's session only to invite.

type SessionState = Awaited<ReturnType<APIRequestContext["storageState"]>>;
let sharedSession: Promise<SessionState> | undefined;

/**
 * An API context logged in as the shared e2e admin (to invite, and to read the outbox). The login
 * happens once per worker (logins from one address are limited); each call gets a new context with
 * that session, so no test inherits another's idle keep-alive socket (the server closes those after
 * KEEP_ALIVE_TIMEOUT_MS: a reused one answered ECONNRESET) or a cookie a logout answer cleared.
 */
export async function sharedAdminApi(): Promise<APIRequestContext> {
  sharedSession ??= (async () => {
    const api = await request.newContext({ baseURL, extraHTTPHeaders: adminHeaders });
    let login = await api.post("/api/admin/login", { data: E2E_ADMIN });
    if (login.status() === 429) {
      await new Promise((resolve) => setTimeout(resolve, (Number(login.headers()["retry-after"] ?? 60) + 1) * 1000));
      login = await api.post("/api/admin/login", { data: E2E_ADMIN });
    }
    expect(login.status()).toBe(200);
    const state = await api.storageState();
    await api.dispose();
    return state;
  })();
  return request.newContext({ baseURL, extraHTTPHeaders: adminHeaders, storageState: await sharedSession });
}

/** A new admin, invited by the shared admin and accepted through the API with the link of the delivered mail; a unique e-mail. */
export async function newAdmin(api: APIRequestContext, label: string) {
  const email = `${unique(label)}@example.com`.toLowerCase();
  const password = `pw ${unique("long enough")}`;
  const invited = await api.post("/api/admin/admins", { data: { email } });
  expect(invited.status()).toBe(201);
  const link = await mailedLink(email, "/admin/invite");
  const token = new URLSearchParams(link.split("#")[1]).get("token");
  const accepted = await api.post("/api/admin/invitations/accept", { data: { token, password } });
  expect(accepted.status()).toBe(200);
  return { email, password };
}

/** The first step of the login page with an admin's own credentials (hydrated: the steps are answered in place). */
export async function firstStep(page: Page, who: { email: string; password: string }) {
  await gotoHydrated(page, "/login");
  await page.getByLabel("Email-Address").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Login In" }).click();
}

/** Waits for the login page's success and its move into the dashboard. */
export async function loggedIn(page: Page) {
  // argon2 and a WebAuthn check on a shared two-core machine: more than the default 5 s at times.
  await expect(page.getByText("Login successful!")).toBeVisible({ timeout: 20_000 });
  await page.waitForURL("**/dashboard/**");
}

/** Logs out through the sidebar (the phone layout opens its menu first). */
export async function logout(page: Page) {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL("**/login");
}
