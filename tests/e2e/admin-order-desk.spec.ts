import { checkScreen, expect, test } from "./admin-fixtures";
import { mailsTo } from "./mail-box";
import { DIRX, buyer, ensureDirxForSale, fillCheckout, openHydrated } from "./store-fixtures";
import { gotoHydrated } from "./hydration";

// A whole purchase, then every action of the order page: longer than the default 30 s on a busy machine.
test.describe.configure({ timeout: 150_000 });

test("the admin opens an order from the list and frees a machine, revokes, restores, extends and resends the receipt", async ({
  page,
}, testInfo) => {
  await ensureDirxForSale(page.request);
  const who = buyer("desk");
  await openHydrated(page, "/checkout/dirx");
  await fillCheckout(page, who);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: `Pay ${DIRX.price}` }).click();
  await expect(page).toHaveURL(/\/checkout\/receipt\/\d+\?token=/);
  const key = ((await page.getByTestId("licence-key").textContent()) ?? "").trim();
  const validate = async (fingerprint?: string) =>
    (await (await page.request.post("/api/licenses/validate", { data: { key, fingerprint } })).json()).code as string;
  expect((await page.request.post("/api/licenses/activate", { data: { key, fingerprint: "desk-fp", name: "Studio PC" } })).status()).toBe(
    201,
  );

  await gotoHydrated(page, `/dashboard/orders?q=${encodeURIComponent(who.email)}`);
  await page.getByRole("row").filter({ hasText: who.email }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Order #");
  for (const section of ["Customer", "Product", "Payment", "Refunds", "Licence", "Mails", "Timeline"])
    await expect(page.getByRole("heading", { name: section, exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Payment" })).toContainText(DIRX.price);
  await expect(page.getByRole("region", { name: "Mails" })).toContainText(`receipt to ${who.email}`);
  await expect(page.getByText(key)).toHaveCount(0);
  await checkScreen(page, "order-detail", testInfo.project.name);

  await page.getByRole("button", { name: "Free this machine: Studio PC" }).click();
  await expect(page.getByText("The machine's seat is free.")).toBeVisible();
  await expect(page.getByText("No machine holds a seat.")).toBeVisible();
  expect(await validate("desk-fp")).toBe("NOT_ACTIVATED");

  await page.getByRole("button", { name: "Revoke licence" }).click();
  await expect(page.getByText("Give a reason.")).toBeVisible(); // the server's field message, by the field
  await page.getByLabel("Reason for revoking").fill("Chargeback");
  await page.getByRole("button", { name: "Revoke licence" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke licence" }).click();
  await expect(page.getByTestId("licence-state")).toHaveText("Revoked");
  expect(await validate()).toBe("REVOKED");

  await page.getByRole("button", { name: "Restore licence" }).click();
  await expect(page.getByTestId("licence-state")).toHaveText("Valid");
  expect(await validate()).toBe("VALID");

  await page.getByLabel("Extend by months (1-36)").fill("40");
  await page.getByRole("button", { name: "Extend term" }).click();
  await expect(page.getByText("At most 36 months.")).toBeVisible();
  await page.getByLabel("Extend by months (1-36)").fill("6");
  await page.getByRole("button", { name: "Extend term" }).click();
  await expect(page.getByText(/The licence now runs until \d{1,2} [A-Z][a-z]{2} \d{4}\./)).toBeVisible();

  const before = mailsTo(who.email).length;
  await page.getByRole("button", { name: "Resend receipt" }).click();
  await expect(page.getByText("The receipt is queued to be sent again.")).toBeVisible();
  await expect.poll(() => mailsTo(who.email).length, { timeout: 20_000 }).toBe(before + 1);
  expect(mailsTo(who.email)[0].text).toContain(key);
  await checkScreen(page, "order-detail-after", testInfo.project.name);

  await gotoHydrated(page, "/dashboard/overview");
  await page.getByRole("link", { name: "Registered Users" }).click();
  await expect(page).toHaveURL(/\/dashboard\/customers$/);
  // A search that matches nobody says so, as the other lists do (no bare empty list).
  await page.getByLabel("E-mail or name starts with").fill("nobody-by-this-name");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No customers match.")).toBeVisible();
  await expect(page.getByText("0 customers", { exact: true })).toBeVisible();
  await page.getByLabel("E-mail or name starts with").fill(who.email.slice(0, 12).toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: who.name }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(who.name);
  await checkScreen(page, "customer-detail", testInfo.project.name);
  await page
    .getByRole("link", { name: /Order #\d+/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Licence", exact: true })).toBeVisible();
});
