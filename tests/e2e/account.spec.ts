import type { APIRequestContext } from "@playwright/test";
import { buy, mailedCode, signIn } from "./account-fixtures";
import { checkScreen, expect, test } from "./admin-fixtures";
import { mailedLink, mailsTo } from "./mail-box";
import { buyer } from "./store-fixtures";
import { gotoHydrated } from "./hydration";

// The customer's account, at both widths (the desktop and phone projects): buy, sign in with the
// mailed code, reveal the key, free a seat, replace the key, resend the receipt; and without JavaScript.
test.describe.configure({ timeout: 120_000 });

const validate = async (request: APIRequestContext, key: string, fingerprint?: string) =>
  ((await (await request.post("/api/licenses/validate", { data: { key, fingerprint } })).json()) as { code: string }).code;

test("a buyer signs in with the mailed code, reveals the key, frees a seat, replaces the key and resends the receipt", async ({
  page,
}, testInfo) => {
  const { email } = buyer("account");
  const key = await buy(page, email);
  await expect(page.getByRole("link", { name: "your account" })).toHaveAttribute("href", "/account");

  // The admin's session opens nothing of the account.
  await page.goto("/account");
  await expect(page).toHaveURL(/\/account\/sign-in$/);
  await checkScreen(page, "account-sign-in", testInfo.project.name);
  await signIn(page, email);

  const hint = key.split("-").pop() as string;
  await expect(page.getByTestId("key-hint")).toHaveText(`•••••-${hint}`);
  await expect(page.getByText(key)).toHaveCount(0);
  await page.getByRole("button", { name: "Reveal" }).click();
  await expect(page.getByTestId("licence-key")).toHaveText(key);
  await expect(page.getByRole("button", { name: "Copy" })).toBeVisible();
  await checkScreen(page, "account", testInfo.project.name);

  // A machine activates; the account lists it; freeing the seat changes what validation says.
  const activated = await page.request.post("/api/licenses/activate", { data: { key, fingerprint: "e2e-laptop", name: "Work laptop" } });
  expect(activated.status()).toBe(201);
  expect(await validate(page.request, key, "e2e-laptop")).toBe("VALID");
  await gotoHydrated(page, "/account");
  await expect(page.getByText("Work laptop")).toBeVisible();
  await page.getByRole("button", { name: "Free this seat: Work laptop" }).click();
  await expect(page.getByTestId("account-result")).toContainText("The seat is free");
  await expect(page.getByText("Work laptop")).toHaveCount(0);
  expect(await validate(page.request, key, "e2e-laptop")).toBe("NOT_ACTIVATED");

  // Replace the key: a confirmation first; then the old key stops validating and the new one is shown.
  await page.getByText("Replace my key", { exact: true }).first().click();
  await page.getByLabel("I understand, replace the key").check();
  await page.getByRole("button", { name: "Replace my key" }).click();
  await expect(page.getByTestId("account-result")).toContainText("Your new key is ready");
  const fresh = (await page.getByTestId("licence-key").textContent()) as string;
  expect(fresh).toMatch(/^ONI-/);
  expect(fresh).not.toBe(key);
  expect(await validate(page.request, key)).toBe("NOT_FOUND");
  expect(await validate(page.request, fresh)).toBe("VALID");
  await expect.poll(() => mailsTo(email).some((m) => m.text.includes(fresh)), { timeout: 15_000 }).toBe(true);

  // Resend the receipt: a sentence in the live region and the mail with the current key.
  await page.getByRole("button", { name: "Resend receipt" }).click();
  await expect(page.getByTestId("account-result")).toContainText("The receipt is on its way");
  await expect
    .poll(() => mailsTo(email).filter((m) => /order #/.test(m.subject) && m.text.includes(fresh)).length, { timeout: 15_000 })
    .toBe(1);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/account\/sign-in\?signed-out=1$/);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/account\/sign-in$/);
});

test("the mailed link signs in once; used again it lands on the sign-in page", async ({ page }) => {
  const { email } = buyer("account-link");
  await buy(page, email);
  await gotoHydrated(page, "/account/sign-in");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Mail me a code" }).click();
  const link = await mailedLink(email, "/account/verify");
  await page.goto(link);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId("key-hint")).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.goto(link);
  await expect(page).toHaveURL(/\/account\/sign-in\?link=used$/);
  await expect(page.getByTestId("sign-in-note")).toContainText("expired or was already used");
});

test("a used or made-up sign-in link lands on the sign-in page with a sentence", async ({ page }) => {
  await page.goto(`/account/verify#token=${"x".repeat(43)}`);
  await expect(page).toHaveURL(/\/account\/sign-in\?link=used$/);
  await expect(page.getByTestId("sign-in-note")).toContainText("expired or was already used");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the code form signs in, and a wrong code comes back with the error", async ({ page }) => {
    const { email } = buyer("account-nojs");
    await buy(page, email);
    const before = mailsTo(email).filter((m) => /sign-in code/.test(m.subject)).length;
    await page.goto("/account/sign-in");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Mail me a code" }).click();
    const code = await mailedCode(email, before);
    await page.getByLabel("The 6-digit code from the mail").fill(code === "000000" ? "000001" : "000000");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("not right");
    await page.getByLabel("The 6-digit code from the mail").fill(code);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await page.getByRole("button", { name: "Reveal" }).click();
    await expect(page.getByTestId("licence-key")).toHaveText(/^ONI-/);
  });
});
