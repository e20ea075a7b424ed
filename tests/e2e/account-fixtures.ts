import type { Page } from "@playwright/test";
import { expect } from "./admin-fixtures";
import { mailsTo } from "./mail-box";
import { DIRX, ensureDirxForSale } from "./store-fixtures";

// The customer's side of the account specs: buy through the payment sandbox, sign in with the mailed code.

/** Buys dirx through the API and the payment sandbox's page; returns the licence key from the receipt. */
export async function buy(page: Page, email: string, billing: Record<string, string> = { state_code: "29" }): Promise<string> {
  await ensureDirxForSale(page.request);
  const created = await page.request.post("/api/checkout/orders", {
    data: { product_id: DIRX.product_id, version: DIRX.version, email, name: "Asha Rao", billing },
  });
  expect(created.status()).toBe(201);
  const order = (await created.json()) as { order_id: number; token: string };
  await page.goto(`/checkout/test-pay?order=${order.order_id}&token=${encodeURIComponent(order.token)}`);
  await page.getByRole("button", { name: `Pay ${DIRX.price}` }).click();
  await expect(page.getByTestId("licence-key")).toHaveText(/^ONI-/);
  return (await page.getByTestId("licence-key").textContent()) as string;
}

/** The newest 6-digit sign-in code mailed to `email`, polled from the mail catcher. */
export async function mailedCode(email: string, notBefore = 0): Promise<string> {
  let code = "";
  await expect
    .poll(
      () => {
        const mails = mailsTo(email).filter((m) => /sign-in code/.test(m.subject));
        if (mails.length <= notBefore) return "";
        return (code = /account: (\d{6})/.exec(mails[0].text)?.[1] ?? "");
      },
      { timeout: 15_000, message: `a sign-in code mailed to ${email}` },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

export async function signIn(page: Page, email: string) {
  const before = mailsTo(email).filter((m) => /sign-in code/.test(m.subject)).length;
  await page.goto("/account/sign-in");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Mail me a code" }).click();
  await expect(page.getByTestId("sign-in-message")).toContainText("6-digit code");
  await page.getByLabel("The 6-digit code from the mail").fill(await mailedCode(email, before));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/account$/);
}
