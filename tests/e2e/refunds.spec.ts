import { E2E_ADMIN } from "../../playwright.config";
import { signIn } from "./account-fixtures";
import { checkScreen, expect, test } from "./admin-fixtures";
import { DIRX, buyer, ensureDirxForSale, fillCheckout, openHydrated } from "./store-fixtures";

// A purchase, then a refund from the admin's order page: longer than the default 30 s on a busy machine.
test.describe.configure({ timeout: 150_000 });
test.beforeEach(async ({ page }) => ensureDirxForSale(page.request));

// The e2e server runs the example site config: a supplier in Karnataka (29), prices include 18 % GST.
test("a business in Maharashtra buys (IGST), the admin refunds half, and the credit note reverses half the IGST", async ({
  page,
}, testInfo) => {
  await openHydrated(page, `/checkout/${DIRX.product_id}`);
  const who = buyer("refund");
  await fillCheckout(page, who);
  await page.getByLabel("Your state").selectOption({ label: "Maharashtra" });
  await page.getByLabel("Business purchase (GST invoice with your GSTIN)").check();
  await page.getByLabel("GSTIN", { exact: true }).fill("27AAPFU0939F1ZV");
  await page.getByLabel("Legal name of the business").fill("Pune Secure LLP");
  await page.getByLabel("Registered address").fill("2 FC Road, Pune 411004");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: `Pay ${DIRX.price}` }).click();
  await expect(page).toHaveURL(/\/checkout\/receipt\/\d+\?token=/);
  const receipt = new URL(page.url());
  const orderId = receipt.pathname.split("/").pop() as string;
  const token = receipt.searchParams.get("token") as string;

  await page.getByTestId("invoice-link").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Tax invoice");
  await expect(page.locator("body")).toContainText("IGST @ 18%");
  await expect(page.locator("body")).toContainText("₹228.66");
  const invoiceNumber = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() as string);

  await page.goto(`/dashboard/orders/${orderId}`);
  const refunds = page.getByRole("region", { name: "Refunds" });
  await expect(refunds.getByRole("link", { name: invoiceNumber })).toBeVisible();
  await expect(refunds).toContainText("No refunds.");

  // More than was paid: refused by the server, shown by the field.
  await refunds.getByLabel(/Amount in ₹/).fill("2000");
  await refunds.getByLabel("Reason").fill("Half back: two seats unused");
  await refunds.getByRole("button", { name: "Refund" }).click();
  await expect(refunds.getByText("At most ₹1,499.00 is left to refund.").first()).toBeVisible();

  await refunds.getByLabel(/Amount in ₹/).fill("749.50");
  await refunds.getByRole("button", { name: "Refund" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Refund ₹749.50" }).click();
  await expect(refunds.getByRole("status")).toContainText("₹749.50");
  // The test provider sends refund.processed to the server's webhook in the background.
  const note = refunds.getByRole("link", { name: /\/CN\// });
  await expect(async () => {
    await page.reload();
    await expect(note).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(refunds).toContainText("processed");
  await expect(refunds.getByLabel(/Amount in ₹/)).toHaveValue("749.50");
  await expect(page.getByTestId("licence-state")).toHaveText("Valid");
  // The whole story: the refund's mail beside the receipt, and who asked for the refund.
  const mails = page.getByRole("region", { name: "Mails" });
  await expect(mails.getByRole("listitem").filter({ hasText: `receipt to ${who.email}` })).toContainText("by the store");
  await expect(mails.getByRole("listitem").filter({ hasText: `refund to ${who.email}` })).toContainText("by the store");
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByText(`Refund asked: ₹749.50: Half back: two seats unused · by admin ${E2E_ADMIN.email}`)).toBeVisible();
  await expect(timeline.getByText("Refund ₹749.50 processed · by the payment provider")).toBeVisible();
  await expect(timeline.getByText(`Mail refund to ${who.email}`, { exact: false })).toBeVisible();
  await checkScreen(page, "order-refunded-half", testInfo.project.name);

  const noteNumber = ((await note.textContent()) ?? "").trim();
  await note.click();
  const body = page.locator("body");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Credit note ${noteNumber}`);
  for (const text of ["Reverses invoice", invoiceNumber, "GSTIN 27AAPFU0939F1ZV", "IGST @ 18%", "₹114.33", "₹635.17", "₹749.50"])
    await expect(body).toContainText(text);
  // The invoice's own date beside its number, the refund's reason, and the way back to the order.
  await expect(page.getByRole("row", { name: /^Reverses invoice/ })).toContainText(
    new RegExp(`${invoiceNumber} dated \\d{1,2} [A-Z][a-z]{2} \\d{4}`),
  );
  await expect(page.getByRole("row", { name: /^Reason/ })).toContainText("Half back: two seats unused");
  await expect(page.getByRole("link", { name: `Back to order #${orderId}` }).first()).toHaveAttribute(
    "href",
    `/dashboard/orders/${orderId}`,
  );

  // The buyer opens the same credit note with the order's token.
  await page.goto(`/account/invoices/${encodeURIComponent(noteNumber)}?order=${orderId}&token=${token}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Credit note ${noteNumber}`);
  await expect(page.getByRole("link", { name: "Back to your account" }).first()).toHaveAttribute("href", "/account");

  // The buyer's account shows the order with what was refunded.
  await signIn(page, who.email);
  await expect(page.getByTestId(`order-${orderId}`).getByTestId("order-refunded")).toContainText("refunded ₹749.50");
  await checkScreen(page, "account-refunded-half", testInfo.project.name);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Refund form is a plain post: its field message, then a full refund; the same page posted twice is one refund", async ({
    page,
  }) => {
    await page.goto("/checkout/dirx");
    await page.getByLabel("Your name").fill("No Script");
    await page.getByLabel("E-mail address").fill(buyer("refund-nojs").email);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByRole("button", { name: `Pay ${DIRX.price}` }).click();
    await expect(page).toHaveURL(/\/checkout\/receipt\/\d+/);
    const orderId = /\/checkout\/receipt\/(\d+)/.exec(page.url())?.[1] ?? "";
    await page.goto(`/dashboard/orders/${orderId}`);
    const refunds = page.getByRole("region", { name: "Refunds" });

    await refunds.getByRole("button", { name: "Refund" }).click();
    await expect(refunds.getByText("Give a reason.")).toBeVisible();
    const form = {
      intent: "refund",
      idempotency_key: await refunds.locator('input[name="idempotency_key"]').inputValue(),
      amount: "1499.00",
      reason: "Cancelled the same day",
    };
    await refunds.getByLabel("Reason").fill(form.reason);
    await refunds.getByRole("button", { name: "Refund" }).click();
    await expect(refunds.getByRole("status")).toContainText("₹1,499.00");
    // The same form again (a resent post): the same key answers the same refund.
    const again = await page.request.post(`/dashboard/orders/${orderId}`, { form, headers: { origin: new URL(page.url()).origin } });
    expect(again.status()).toBe(200);
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("licence-state")).toHaveText("Revoked", { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole("heading", { level: 1 })).toContainText("refunded");
    await expect(refunds.getByRole("listitem")).toHaveCount(1);
    await expect(refunds.getByRole("link", { name: /\/CN\// })).toHaveCount(1);
    await expect(refunds.getByRole("button", { name: "Refund" })).toHaveCount(0);
  });
});
