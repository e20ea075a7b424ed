import { checkScreen, expect, test, unique } from "./admin-fixtures";

// The e2e server has CONTACT_NOTIFY_TO set and no SMTP_URL: every contact post leaves a mail in the
// outbox, shown as not sent, with a preview and Resend.
test("the outbox lists a contact notification with its preview, and Resend queues it again", async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const name = unique("Outbox visitor");
  const sent = await request.post("/api/contact-general", {
    data: { name, email: "outbox-visitor@example.com", message: "Line one <b>not bold</b>\nLine two" },
  });
  expect(sent.status()).toBe(201);

  await page.goto("/dashboard/outbox");
  await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
  const item = page.getByRole("listitem", { name: `Mail: New contact message from ${name}` });
  await expect(item).toBeVisible();
  await expect(item.getByTestId("outbox-status")).toHaveText("not sent (no SMTP configured)");
  await expect(item).toContainText("e2e-notify@example.com");

  // axe before the preview opens: it cannot run inside a frame sandboxed without scripts, and waits on it.
  await checkScreen(page, "outbox", testInfo.project.name);
  const preview = item.getByRole("button", { name: "Preview" });
  await expect(preview).toHaveAttribute("aria-expanded", "false");
  await preview.focus();
  await page.keyboard.press("Enter");
  await expect(item.getByRole("button", { name: "Hide preview" })).toHaveAttribute("aria-expanded", "true");
  const headers = item.getByTestId("outbox-headers");
  await expect(headers).toContainText("Reply-To:");
  await expect(headers).toContainText("outbox-visitor@example.com");
  await expect(headers).toContainText(/Message-ID:\s*<[0-9a-f-]{36}@/);
  await expect(item.getByTestId("outbox-text")).toContainText("Line one <b>not bold</b>");

  const frame = item.locator("iframe");
  await expect(frame).toHaveAttribute("sandbox", "");
  // The visitor's markup arrives as text in the HTML part, not as markup.
  await expect(page.frameLocator(`iframe[title="HTML part of New contact message from ${name}"]`).locator("body")).toContainText(
    "Line one <b>not bold</b>",
  );
  if (process.env.ADMIN_SHOTS)
    await page.screenshot({ path: `${process.env.ADMIN_SHOTS}/${testInfo.project.name}-outbox-preview.png`, fullPage: true });

  await item.getByRole("button", { name: "Resend" }).click();
  await expect(page.getByText("The mail is queued to be sent again.")).toBeVisible();
  await expect(item.getByTestId("outbox-status")).toHaveText("not sent (no SMTP configured)");
});

test("the outbox is in the admin sidebar and filters by status", async ({ page }) => {
  await page.goto("/dashboard/messages");
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("link", { name: "Outbox", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/outbox$/);
  await page.getByLabel("Status").selectOption("sent");
  await expect(page).toHaveURL(/status=sent/);
  await expect(page.getByText(/^0 mails$/)).toBeVisible();
});
