import { checkScreen, expect, test, unique } from "./admin-fixtures";
import { sharedAdminApi } from "./identity-fixtures";
import { mailedLink, mailsTo } from "./mail-box";
import type { Locator, Page } from "@playwright/test";
import { gotoHydrated } from "./hydration";

// The e2e server has CONTACT_NOTIFY_TO set and sends through a real SMTP relay
// (tests/e2e/mail-catcher.ts): every contact post leaves a mail in the outbox that ends "sent" and
// arrives at the relay. (Rows an unconfigured server keeps pending are covered by
// server/features/mail/mail-sender.test.ts.)

/** Waits, reloading the screen, until the mail's status reads `label` (the sender works a moment after the answer). */
async function statusBecomes(page: Page, item: Locator, label: string) {
  await expect(async () => {
    await page.reload();
    await expect(item.getByTestId("outbox-status")).toHaveText(label, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

test("the outbox lists a contact notification as sent, with its preview, and Resend sends it again", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const name = unique("Outbox visitor");
  const subject = `New contact message from ${name}`;
  const sent = await request.post("/api/contact-general", {
    data: { name, email: "outbox-visitor@example.com", message: "Line one <b>not bold</b>\nLine two" },
  });
  expect(sent.status()).toBe(201);

  await page.goto("/dashboard/outbox");
  await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
  const item = page.getByRole("listitem", { name: `Mail: ${subject}` });
  await statusBecomes(page, item, "sent");
  await expect(item).toContainText("e2e-notify@example.com");
  const delivered = () => mailsTo("e2e-notify@example.com").filter((m) => m.subject === subject);
  expect(delivered()).toHaveLength(1);
  expect(delivered()[0].text).toContain("Line one <b>not bold</b>");

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
  await expect(page.frameLocator(`iframe[title="HTML part of ${subject}"]`).locator("body")).toContainText("Line one <b>not bold</b>");
  if (process.env.ADMIN_SHOTS)
    await page.screenshot({ path: `${process.env.ADMIN_SHOTS}/${testInfo.project.name}-outbox-preview.png`, fullPage: true });

  await item.getByRole("button", { name: "Resend" }).click();
  await expect(page.getByText("The mail is queued to be sent again.")).toBeVisible();
  await statusBecomes(page, item, "sent");
  // Sent again, under the same Message-ID: the relay holds two copies.
  await expect.poll(() => delivered().length).toBe(2);
  const ids = new Set(delivered().map((m) => /^Message-ID:\s*(\S+)/im.exec(m.raw)?.[1]));
  expect(ids.size).toBe(1);
});

test("the outbox is in the admin sidebar and filters by status", async ({ page, request }) => {
  const name = unique("Filter visitor");
  expect((await request.post("/api/contact-general", { data: { name, email: "filter@example.com", message: "Hi" } })).status()).toBe(201);
  await gotoHydrated(page, "/dashboard/messages");
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("link", { name: "Outbox", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/outbox$/);
  await page.getByLabel("Status").selectOption("failed");
  await expect(page).toHaveURL(/status=failed/);
  await expect(page.getByText(/^0 mails$/)).toBeVisible();
  await page.getByLabel("Status").selectOption("sent");
  await expect(page).toHaveURL(/status=sent/);
  await statusBecomes(page, page.getByRole("listitem", { name: `Mail: New contact message from ${name}` }), "sent");
  const statuses = await page.getByTestId("outbox-status").allTextContents();
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(["sent"]));
});

test("the outbox preview of an invitation hides its link's token, which only the delivered mail carries", async ({ page }) => {
  const api = await sharedAdminApi();
  const email = `outbox-invite-${Date.now()}@example.com`;
  expect((await api.post("/api/admin/admins", { data: { email } })).status()).toBe(201);
  const link = await mailedLink(email, "/admin/invite");
  const token = new URLSearchParams(link.split("#")[1]).get("token")!;
  expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);

  await page.goto("/dashboard/outbox");
  const item = page.getByRole("listitem", { name: "Mail: You are invited to the admin area" }).filter({ hasText: email });
  await statusBecomes(page, item, "sent");
  await item.getByRole("button", { name: "Preview" }).click();
  const text = item.getByTestId("outbox-text");
  await expect(text).toContainText("/admin/invite#token=[hidden]");
  await expect(text).not.toContainText(token);
  const html = page.frameLocator('iframe[title="HTML part of You are invited to the admin area"]').locator("body");
  await expect(html).toContainText("[hidden]");
  expect(await page.content()).not.toContain(token);
  expect(await html.innerHTML()).not.toContain(token);

  // The API preview says the same.
  const list = await (await api.get("/api/admin/outbox?pageSize=100")).json();
  const id = (list.items as { id: number; to: string[] }[]).find((m) => m.to.includes(email))!.id;
  const preview = await (await api.get(`/api/admin/outbox/${id}`)).text();
  expect(preview).toContain("#token=[hidden]");
  expect(preview).not.toContain(token);
  await api.dispose();
});
