import { checkScreen, expect, test } from "./admin-fixtures";
import { DIRX, addCoupons, buyer, ensureDirxForSale, fillCheckout, openHydrated } from "./store-fixtures";

// Whole purchases with several axe scans: well over the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

// The store in test mode, as a buyer sees it. The tests run with the admin's browser storage only
// because the admin API puts dirx on sale and makes coupons; the buyer's pages need no login.
test.beforeEach(async ({ page }) => ensureDirxForSale(page.request));

const licenceKey = /^ONI(-[0-9A-Z]{5}){4,}$/;

test("the product page shows the live price; buying without a coupon ends on the receipt with the key", async ({ page }, testInfo) => {
  await openHydrated(page, "/products/cyber/webtools/dirx");
  await expect(page.getByTestId("store-price")).toHaveText(DIRX.price);
  await checkScreen(page, "store-product", testInfo.project.name);
  await page.getByRole("link", { name: `Buy dirx for ${DIRX.price}` }).click();

  await expect(page).toHaveURL(/\/checkout\/dirx$/);
  await expect(page.getByRole("heading", { name: "Buy dirx", level: 1 })).toBeVisible();
  await expect(page.getByTestId("checkout-total")).toHaveText(DIRX.price);
  await checkScreen(page, "store-checkout", testInfo.project.name);
  const who = buyer("plain");
  await fillCheckout(page, who);
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await expect(page).toHaveURL(/\/checkout\/test-pay\?order=\d+&token=/);
  await expect(page.getByRole("heading", { name: "Test mode: no money moves", level: 1 })).toBeVisible();
  await expect(page.getByText(who.email)).toBeVisible();
  await checkScreen(page, "store-sandbox", testInfo.project.name);
  await page.getByRole("button", { name: `Pay ${DIRX.price}` }).click();

  await expect(page).toHaveURL(/\/checkout\/receipt\/\d+\?token=/);
  await expect(page.getByRole("heading", { name: "Thank you: your licence is ready" })).toBeVisible();
  await expect(page.getByTestId("licence-key")).toHaveText(licenceKey);
  await expect(page.getByText("Amount paid")).toBeVisible();
  await expect(page.getByText(`dirx ${DIRX.version}`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Download for Linux x86_64" })).toBeVisible();
  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
  await checkScreen(page, "store-receipt", testInfo.project.name);
});

test("a coupon shows its discount live, is paid with, and cannot be used twice (409 on its field)", async ({ page }, testInfo) => {
  const [code] = await addCoupons(page.request, 20);
  await openHydrated(page, "/checkout/dirx");
  await fillCheckout(page, { ...buyer("coupon"), coupon: "ONInotacoupon1" });
  await expect(page.getByText("This coupon code does not exist.").first()).toBeVisible();
  await expect(page.getByLabel("Coupon code (optional)")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Coupon code (optional)").fill(code);
  // 20 % of ₹1,499.00 is ₹299.80, counted in paise.
  await expect(page.getByRole("status").filter({ hasText: "Coupon applied: 20% off" })).toContainText("Total ₹1,199.20");
  await expect(page.getByTestId("checkout-discount")).toHaveText("−₹299.80");
  await expect(page.getByTestId("checkout-total")).toHaveText("₹1,199.20");
  await checkScreen(page, "store-checkout-coupon", testInfo.project.name);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByText(`Coupon ${code}`)).toBeVisible();
  await page.getByRole("button", { name: "Pay ₹1,199.20" }).click();
  await expect(page.getByTestId("licence-key")).toHaveText(licenceKey);
  await expect(page.getByText("−₹299.80")).toBeVisible();

  // The same code again: the quote says so, and the order is refused on the coupon field.
  await openHydrated(page, "/checkout/dirx");
  await fillCheckout(page, { ...buyer("again"), coupon: code });
  await expect(page.getByText("This coupon has already been used.").first()).toBeVisible();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  const field = page.getByLabel("Coupon code (optional)");
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/checkout\/dirx$/);
  const api = await page.request.post("/api/checkout/orders", {
    data: { product_id: DIRX.product_id, version: DIRX.version, coupon: code, ...buyer("api"), billing: { state_code: "29" } },
  });
  expect(api.status()).toBe(409);
  expect((await api.json()).errors.coupon).toBeTruthy();
});

test("a 100 % coupon makes the total ₹0.00: the order is placed at once and the buyer lands on the key, no payment step", async ({
  page,
}, testInfo) => {
  // Decision 021: nothing to pay, so no provider order and no sandbox; the order is placed at creation.
  const [code] = await addCoupons(page.request, 100);
  const pages: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) pages.push(new URL(frame.url()).pathname);
  });
  await openHydrated(page, "/checkout/dirx");
  const who = buyer("free");
  await fillCheckout(page, { ...who, coupon: code });
  await expect(page.getByRole("status").filter({ hasText: "Coupon applied: 100% off" })).toContainText("Total ₹0.00");
  await expect(page.getByTestId("checkout-discount")).toHaveText(`−${DIRX.price}`);
  await expect(page.getByTestId("checkout-total")).toHaveText("₹0.00");
  await expect(page.getByText("Nothing to pay: the order is placed at once")).toBeVisible();
  await page.getByRole("button", { name: "Get the licence key" }).click();

  await expect(page).toHaveURL(/\/checkout\/receipt\/\d+\?token=/);
  await expect(page.getByRole("heading", { name: "Thank you: your licence is ready" })).toBeVisible();
  await expect(page.getByTestId("licence-key")).toHaveText(licenceKey);
  await expect(page.getByText(`Coupon ${code}`)).toBeVisible();
  await expect(page.getByText("Amount paid")).toBeVisible();
  await expect(page.getByText("Payment id")).toHaveCount(0);
  expect(
    pages.filter((p) => p.startsWith("/checkout/test-pay")),
    "the payment sandbox was never opened",
  ).toEqual([]);
  await checkScreen(page, "store-receipt-free", testInfo.project.name);

  // The key is a real one: the tools' validation call accepts it.
  const key = (await page.getByTestId("licence-key").textContent())!;
  const check = await page.request.post("/api/licenses/validate", { data: { key } });
  expect(check.status()).toBe(200);
  expect(await check.json()).toMatchObject({ valid: true, code: "VALID", product_id: DIRX.product_id, version: DIRX.version });

  // The coupon is used now: the checkout says so.
  await openHydrated(page, "/checkout/dirx");
  await fillCheckout(page, { ...buyer("free-again"), coupon: code });
  await expect(page.getByText("This coupon has already been used.").first()).toBeVisible();
});

test("missing fields are named on their fields and focus goes to the first", async ({ page }) => {
  await openHydrated(page, "/checkout/dirx");
  await page.getByLabel("Your name").fill("Asha Rao");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  const email = page.getByLabel("E-mail address");
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription(/valid e-mail address/);
  await expect(page.getByRole("alert")).toHaveText("Please correct the marked fields.");
});

test("the Fail button fails the order; its receipt says so and links back to the checkout", async ({ page }, testInfo) => {
  await openHydrated(page, "/checkout/dirx");
  await fillCheckout(page, buyer("fail"));
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: "Fail" }).click();
  await expect(page).toHaveURL(/\/checkout\/receipt\/\d+\?token=/);
  await expect(page.getByRole("heading", { name: "This order was not paid" })).toBeVisible();
  await expect(page.getByTestId("order-status")).toContainText("The payment failed");
  await expect(page.getByTestId("licence-key")).toHaveCount(0);
  await checkScreen(page, "store-receipt-failed", testInfo.project.name);
  await page.getByRole("link", { name: "Go back to the checkout" }).click();
  await expect(page).toHaveURL(/\/checkout\/dirx$/);
});

test("a pending receipt waits, then shows the key once the order is paid", async ({ page, context }, testInfo) => {
  await openHydrated(page, "/checkout/dirx");
  await fillCheckout(page, buyer("poll"));
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/test-pay/);
  const url = new URL(page.url());
  const receipt = await context.newPage();
  await openHydrated(
    receipt,
    `/checkout/receipt/${url.searchParams.get("order")}?token=${encodeURIComponent(url.searchParams.get("token")!)}`,
  );
  await expect(receipt.getByRole("heading", { name: "Waiting for your payment" })).toBeVisible();
  await checkScreen(receipt, "store-receipt-pending", testInfo.project.name);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(receipt.getByTestId("licence-key")).toHaveText(licenceKey, { timeout: 10_000 });
});

test("an unknown order or a wrong token is a 404 page", async ({ page }) => {
  const response = await page.goto("/checkout/receipt/999999?token=nope");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Order not found" })).toBeVisible();
  expect((await page.goto("/checkout/no-such-product"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not for sale at the moment" })).toBeVisible();
  // An id from the address is not a product's name: the page names none.
  await expect(page.getByRole("main")).not.toContainText("no-such-product");
});
