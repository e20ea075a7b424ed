import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./hydration";

// The contact throttle is per client IP (5 a minute), so each project sends only three real messages;
// failures are stubbed in the browser.
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

test("home form: success clears the fields and toasts; failure keeps them", async ({ page }) => {
  await gotoHydrated(page, "/#contact");
  const name = page.getByLabel("Your name");
  await name.fill("Asha Rao");
  await page.getByLabel("E-mail address").fill(`asha-${unique()}@example.com`);
  await page.getByLabel("Message").fill("We need a web application penetration test next month.");
  await expect(page.locator('textarea[name="message"]')).toHaveAttribute("rows", "10");
  const sent = page.waitForRequest("/api/contact-general");
  await page.getByRole("button", { name: "Send message" }).click();
  const body = (await sent).postDataJSON();
  expect(body).toEqual({ name: "Asha Rao", email: expect.stringContaining("@example.com"), message: expect.any(String) });
  await expect(page.getByText("Message sent successfully")).toBeVisible();
  await expect(name).toHaveValue("");

  await page.route("/api/contact-general", (route) => route.fulfill({ status: 500, json: { status: "error", message: "down" } }));
  await name.fill("Asha Rao");
  await page.getByLabel("E-mail address").fill("asha@example.com");
  await page.getByLabel("Message").fill("Second try.");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Failed to send message")).toBeVisible();
  await expect(name).toHaveValue("Asha Rao");
});

test("campus form: the 'others' cascade, 'Submitting...', success and failure notices", async ({ page }) => {
  await gotoHydrated(page, "/products/educational/campus/contact");
  await expect(page.getByRole("heading", { name: "Make a Request" })).toBeVisible();
  await page.getByLabel("Full name").fill("Dr. Meera Iyer");
  await page.getByLabel("E-mail address").fill(`meera-${unique()}@example.edu`);
  await page.getByLabel("Organisation type").selectOption("others");
  await expect(page.getByLabel(/Organisation name/)).toHaveCount(0);
  const otherType = page.getByLabel("Specify the type of organisation");
  await expect(otherType).toHaveAttribute("required", "");
  await otherType.fill("Coaching centre");
  await page.getByLabel("Message").fill("Please show us the timetable and fee modules.");

  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("/api/contact-general", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  release();
  await expect(page.getByText("Contact form submitted successfully!")).toBeVisible();
  await page.unrouteAll({ behavior: "wait" });

  await page.route("/api/contact-general", (route) => route.abort());
  await page.getByLabel("Full name").fill("Dr. Meera Iyer");
  await page.getByLabel("E-mail address").fill("meera@example.edu");
  await page.getByLabel("Organisation type").selectOption("university");
  await expect(page.getByLabel(/Organisation name/)).toBeVisible();
  await page.getByLabel("Message").fill("Second request.");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Failed to submit the form. Please try again.")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the home form posts and lands on a result page; an invalid campus request says what is wrong", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Your name").fill("No Script");
    await page.getByLabel("E-mail address").fill(`noscript-${unique()}@example.com`);
    await page.getByLabel("Message").fill("Sent with JavaScript turned off.");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("heading", { name: "Message sent successfully" })).toBeVisible();

    await page.goto("/products/educational/campus/contact");
    await page.getByLabel("Full name").fill("No Script");
    await page.getByLabel("E-mail address").fill(`noscript-${unique()}@example.edu`);
    await page.getByLabel("Organisation type").selectOption("others");
    await page.getByLabel("Message").fill("Type left empty on purpose.");
    const response = page.waitForResponse((r) => r.url().includes("/contact/sent"));
    await page.getByRole("button", { name: "Submit" }).click();
    expect((await response).status()).toBe(400);
    await expect(page.getByRole("heading", { name: "Failed to submit the form. Please try again." })).toBeVisible();
    await expect(page.getByText(/^Specify the type of organisation: /)).toBeVisible();
  });
});
