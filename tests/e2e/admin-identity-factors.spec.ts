import { expect, request, test } from "@playwright/test";
import { generate } from "otplib";
import { E2E_PORT } from "../../playwright.config";
import { baseURL, checkScreen } from "./admin-fixtures";
import { firstStep, loggedIn, logout, newAdmin, sharedAdminApi } from "./identity-fixtures";
import { gotoHydrated } from "./hydration";

// Second factors end to end, each test with admins of its own (the shared e2e admin never gets a factor).
test.describe.configure({ timeout: 120_000 });

const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

test("enrol an authenticator app, log in with its code, then with recovery codes (also in the session dialog)", async ({
  page,
  context,
}, testInfo) => {
  const api = await sharedAdminApi();
  const admin = await newAdmin(api, `totp-${testInfo.project.name}`);
  await firstStep(page, admin);
  await loggedIn(page);

  await gotoHydrated(page, "/dashboard/account");
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  const codeField = page.getByLabel("6-digit code from the app");
  await codeField.fill("12");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(codeField).toHaveAttribute("aria-invalid", "true");
  await codeField.fill(await codeAt(secret, Date.now()));
  await page.getByRole("button", { name: "Turn on" }).click();
  const list = page.getByRole("list", { name: "Recovery codes" });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const codes = (await list.getByRole("listitem").allTextContents()).map((c) => c.trim());
  // axe after the success toast is gone (it fades in and out, its contrast is measured mid-fade).
  await expect(page.getByText("The authenticator app is set up.")).toBeHidden();
  await checkScreen(page, "account-recovery-codes", testInfo.project.name);
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByText("Sign-in asks for a code from your app.")).toBeVisible();
  await logout(page);

  // Password, then the app's code (the next time step: the one used to turn it on is spent).
  await firstStep(page, admin);
  await expect(page.getByRole("heading", { level: 1, name: "Second step" })).toBeVisible({ timeout: 20_000 });
  const code = page.getByLabel("Code from your authenticator app");
  await expect(code).toBeFocused();
  await code.fill("123");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toHaveText("Enter the 6-digit code from your app.");
  await checkScreen(page, "login-second-step", testInfo.project.name);
  await code.fill(await codeAt(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Verify" }).click();
  await loggedIn(page);

  // The session ends while a form is filled: the dialog asks for the password, then the second step.
  await gotoHydrated(page, "/dashboard/admins");
  const invited = `dialog-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.getByLabel("E-mail address").fill(invited);
  const token = (await context.cookies()).find((c) => c.name === "session_id")?.value;
  // Ended from a context of its own: the logout answer clears the session cookie of whichever context
  // sent it, and the shared admin's API context (`api`) must stay logged in for the next tests.
  const outside = await request.newContext({ baseURL });
  expect((await outside.post("/api/admin/logout", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
  await outside.dispose();
  await page.getByRole("button", { name: "Send invitation" }).click();
  const dialog = page.getByRole("dialog", { name: "Your session has ended" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Email-Address").fill(admin.email);
  await dialog.getByLabel("Password").fill(admin.password);
  await dialog.getByRole("button", { name: "Log in again" }).click();
  await expect(dialog.getByRole("heading", { name: "Second step" })).toBeVisible();
  await dialog.getByRole("button", { name: "Use a recovery code instead" }).click();
  await dialog.getByLabel("Recovery code").fill(codes[0]);
  await checkScreen(page, "session-dialog-second-step", testInfo.project.name);
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(dialog).toBeHidden();
  // The form posts to its page's action: after the re-login it keeps the address and is sent again.
  await expect(page.getByText("You are signed in again: send the form once more.")).toBeVisible();
  await expect(page.getByLabel("E-mail address")).toHaveValue(invited);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${invited}.`)).toBeVisible();
  await logout(page);

  // A recovery code works once.
  await firstStep(page, admin);
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  const recovery = page.getByLabel("Recovery code");
  await recovery.fill(codes[0]);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await recovery.fill(codes[1]);
  await page.getByRole("button", { name: "Verify" }).click();
  await loggedIn(page);

  // Removing the app asks for the current password, a code or a recovery code in place; an empty form
  // says so at its field. A recovery code is spent by the check: the one used to sign in is refused.
  await gotoHydrated(page, "/dashboard/account");
  await page.getByRole("button", { name: "Remove the app" }).click();
  const removeApp = page.getByRole("form", { name: "Remove the authenticator app?" });
  await expect(removeApp.getByLabel("Current password")).toBeFocused();
  await removeApp.getByRole("button", { name: "Remove the authenticator app" }).click();
  await expect(removeApp.getByLabel("Current password")).toHaveAccessibleDescription(
    "Enter your current password, a code from your authenticator app or an unused recovery code.",
  );
  await removeApp.getByLabel("Current password").fill("not the password");
  await removeApp.getByRole("button", { name: "Remove the authenticator app" }).click();
  await expect(removeApp.getByText("The current password is not right.")).toBeVisible();
  await removeApp.getByLabel("Current password").fill("");
  const recoveryProof = removeApp.getByLabel("Or an unused recovery code (it is used up)");
  await recoveryProof.fill(codes[1]);
  await removeApp.getByRole("button", { name: "Remove the authenticator app" }).click();
  await expect(recoveryProof).toHaveAccessibleDescription("That recovery code is not valid or was used already.");
  await checkScreen(page, "remove-app-recovery-code", testInfo.project.name);
  await recoveryProof.fill(codes[2]);
  await removeApp.getByRole("button", { name: "Remove the authenticator app" }).click();
  await expect(page.getByText("The authenticator app was removed.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Set up an authenticator app" })).toBeVisible();
});

test.describe("passkeys", () => {
  // WebAuthn needs a host name as the relying party id: localhost, not 127.0.0.1.
  test.use({ baseURL: `http://localhost:${E2E_PORT}` });

  test("register a passkey through a virtual authenticator, sign in with it alone and as a second step", async ({ page }, testInfo) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const api = await sharedAdminApi();
    const admin = await newAdmin(api, `passkey-${testInfo.project.name}`);
    await firstStep(page, admin);
    await loggedIn(page);

    await gotoHydrated(page, "/dashboard/account");
    await page.getByLabel("Passkey name").fill("E2E virtual key");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    // The first factor comes with recovery codes.
    await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
    await page.getByRole("button", { name: "I have saved them" }).click();
    await expect(page.getByRole("button", { name: "Remove passkey E2E virtual key" })).toBeVisible();
    await expect(page.getByText("Passkey added.")).toBeHidden();
    await checkScreen(page, "account-passkey", testInfo.project.name);
    // New recovery codes only after the current password, asked in place: Cancel closes the form and
    // the button comes back.
    const regenerate = page.getByRole("button", { name: "Make new recovery codes" });
    await regenerate.click();
    const check = page.getByRole("form", { name: "Make 10 new recovery codes?" });
    await expect(check).toContainText("The old ones stop working.");
    await expect(check.getByLabel("Current password")).toBeFocused();
    await checkScreen(page, "account-identity-check", testInfo.project.name);
    await check.getByRole("button", { name: "Cancel" }).click();
    await expect(check).toBeHidden();
    await regenerate.click();
    await check.getByLabel("Current password").fill(admin.password);
    await check.getByRole("button", { name: "Make new recovery codes" }).click();
    await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
    await page.getByRole("button", { name: "I have saved them" }).click();
    // The Admins list shows the factor on this admin (and only on it).
    const { admins } = await (await api.get("/api/admin/admins")).json();
    const factorOf = (email: string) => admins.find((a: { email: string }) => a.email === email)?.two_factor;
    expect(factorOf(admin.email)).toBe(true);
    expect(factorOf("e2e-admin@example.com")).toBe(false);
    await logout(page);

    // A passkey signs in on its own (it is itself two factors).
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await loggedIn(page);
    await logout(page);

    // After the password, the second step offers it too.
    await firstStep(page, admin);
    await expect(page.getByRole("heading", { level: 1, name: "Second step" })).toBeVisible({ timeout: 20_000 });
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await loggedIn(page);

    await gotoHydrated(page, "/dashboard/account");
    await page.getByRole("button", { name: "Remove passkey E2E virtual key" }).click();
    const removeKey = page.getByRole("form", { name: 'Remove the passkey "E2E virtual key"?' });
    await removeKey.getByLabel("Current password").fill(admin.password);
    await removeKey.getByRole("button", { name: "Remove passkey E2E virtual key" }).click();
    await expect(page.getByText("Passkey removed.")).toBeVisible();
    await expect(page.getByText("No passkeys yet.")).toBeVisible();
  });
});
