import { checkScreen, expect, test, unique } from "./admin-fixtures";
import { gotoHydrated } from "./hydration";
import { mailsTo } from "./mail-box";

// The e2e server sends through a real SMTP relay (tests/e2e/mail-catcher.ts): the test mail must
// arrive there, as it would in the deploying engineer's inbox.
test("Outbox → Send a test mail: a wrong address is refused beside its field; a right one arrives at the relay", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await gotoHydrated(page, "/dashboard/outbox");
  await page.getByRole("link", { name: "Send a test mail" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Send a test mail" })).toBeVisible();
  await expect(page).toHaveTitle("Send a test mail | Outbox | Admin");

  const field = page.getByLabel("Send to");
  await field.fill("not-an-address");
  await page.getByRole("button", { name: "Send test mail" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription("Enter a valid e-mail address.");
  await expect(field).toHaveValue("not-an-address");

  const to = `${unique("relay-check").toLowerCase()}@example.com`;
  await field.fill(to);
  await page.getByRole("button", { name: "Send test mail" }).click();
  await expect(page.getByText(`A test mail to ${to} is queued as mail`)).toBeVisible();
  await expect(field).not.toHaveAttribute("aria-invalid");
  await expect.poll(() => mailsTo(to).length, { timeout: 20_000 }).toBe(1);
  const [mail] = mailsTo(to);
  expect(mail.subject).toBe("Test mail from Oni Labs");
  expect(mail.text).toContain(`to check that the site's mail reaches ${to}`);
  await checkScreen(page, "outbox-test-mail", testInfo.project.name);

  await page.getByRole("link", { name: "See it in the Outbox" }).click();
  await expect(page.getByRole("listitem", { name: "Mail: Test mail from Oni Labs" }).first()).toContainText(to);
});
