import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { checkScreen, loginThroughForm } from "./admin-fixtures";
import { gotoHydrated } from "./hydration";

// Logged out: the server-side guard, the login form's checks and messages, logout.
test("the guard redirects to /login before any admin HTML is sent", async ({ page, request }) => {
  for (const path of ["/dashboard/overview", "/dashboard", "/dashboard/coupon-gen", "/dashboard/messages", "/dev-quest-add"]) {
    const raw = await request.get(path, { maxRedirects: 0 });
    expect(raw.status(), path).toBe(302);
    // The page asked for rides along, so the login returns there (the overview is the default anyway).
    expect(raw.headers()["location"], path).toBe(path === "/dashboard/overview" ? "/login" : `/login?next=${encodeURIComponent(path)}`);
    expect(await raw.text(), path).not.toContain("Overview");
  }
  await page.goto("/dashboard/overview");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
  const robots = page.locator('meta[name="robots"]');
  await expect(robots).toHaveAttribute("content", "noindex");
});

test("login shows the client checks and the server's message", async ({ page }, testInfo) => {
  await gotoHydrated(page, "/login");
  const submit = page.getByRole("button", { name: "Login In" });
  await submit.click();
  await expect(page.getByRole("alert")).toHaveText("Please fill all fields.");
  await page.getByLabel("Email-Address").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill("12345");
  await submit.click();
  await expect(page.getByRole("alert")).toHaveText("Password must be at least 6 characters long.");
  await page.getByLabel("Password").fill("not the password");
  await submit.click();
  // The server's refusal stands by the password field, which takes the focus.
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription("Invalid email or password.");
  await expect(page.getByLabel("Password")).toBeFocused();
  await checkScreen(page, "login", testInfo.project.name);
});

test("a network failure shows the generic message", async ({ page }) => {
  await gotoHydrated(page, "/login");
  // The form posts to the page's action (React Router's data request for /login).
  await page.route("**/login.data*", (route) => route.abort());
  await page.getByLabel("Email-Address").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials or server error.");
});

test("login, skip the login page when logged in, logout revokes the session", async ({ page, context }) => {
  await loginThroughForm(page);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard\/overview$/);

  const session = (await context.cookies()).find((c) => c.name === "session_id");
  expect(session?.httpOnly).toBe(true);
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL("**/login");
  await page.goto("/dashboard/overview");
  await expect(page).toHaveURL(/\/login$/);
  // The old token no longer works anywhere: the server revoked it, not only the browser.
  const replay = await page.request.get("/api/check/auth/admin", { headers: { Authorization: `Bearer ${session?.value}` } });
  expect(replay.status()).toBe(401);
});

test("the guard also runs on client-side navigations", async ({ page, context, request }) => {
  await loginThroughForm(page);
  // Revoke only once the overview has its data: a call still running would meet the ended session
  // and rightly open the login dialog instead.
  await expect(page.getByRole("heading", { name: "Transaction Trends" })).toBeVisible();
  const token = (await context.cookies()).find((c) => c.name === "session_id")?.value;
  // Revoke the session behind the browser's back; its cookie stays in the browser.
  const revoked = await request.post("/api/admin/logout", { headers: { Authorization: `Bearer ${token}` } });
  expect(revoked.status()).toBe(200);
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("link", { name: "Coupon", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Fcoupon-gen$/);
  await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
});

test("a login with a hostile next stays on this site and lands on the overview", async ({ page, baseURL }) => {
  const overview = `${baseURL}/dashboard/overview`;
  await gotoHydrated(page, `/login?next=${encodeURIComponent("/.//evil.test")}`);
  await page.getByLabel("Email-Address").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login In" }).click();
  await expect(page.getByText("Login successful!")).toBeVisible();
  await page.waitForURL(overview);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  // Logged in: the login page forwards at once, through the server's redirect, to the overview too.
  for (const next of ["/dashboard/../..//evil.test", "/%2e%2e//evil.test", "/\\evil.test", "https://evil.test/"]) {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    expect(page.url(), next).toBe(overview);
  }
});
