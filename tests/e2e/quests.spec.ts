import { adminHeaders, checkScreen, createVersion, expect, test, unique } from "./admin-fixtures";
import { gotoHydrated } from "./hydration";

// The admin turns a quest module into a public quest (settings screen), and a visitor reads it on
// /quests and its own page: prize, deadline in India time, rules with their HTML shown as text.

test("an admin sets a quest's deadline, rules and licence prize; visitors see it, drafts never", async ({ page, browser }, testInfo) => {
  const version = await createVersion(page);
  const title = unique("Quest");
  const created = await page.request.post("/api/devquests", {
    data: { title, description: "Find the path.\\nSend it to us.", prize: "Licence" },
    headers: adminHeaders,
  });
  expect(created.status()).toBe(201);
  const { quest } = await created.json();

  await gotoHydrated(page, `/dashboard/quests/${quest.id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByLabel("Deadline (India time)").fill("2099-12-31T18:30");
  await page.getByLabel("Rules (Markdown)").fill('**One** entry each. <script>alert("x")</script> <img src=x onerror="alert(1)">');
  await page.getByLabel("Paid as").selectOption("licence");
  await page.getByLabel("Product ID (licence or coupon)").fill(version.product_id);
  await page.getByLabel("Version (licence)").fill("9.9");
  await page.getByRole("button", { name: "Save settings" }).click();
  // A version the catalogue does not sell is refused beside its field.
  await expect(page.getByRole("form", { name: "Quest settings" }).getByRole("alert")).toHaveText(
    "Not saved: see the messages beside the fields.",
  );
  await expect(page.getByText(/has no version 9\.9/)).toBeVisible();
  await expect(page.getByLabel("Version (licence)")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Version (licence)").fill(version.version);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("form", { name: "Quest settings" }).getByRole("status")).toHaveText("Quest settings saved.");
  await checkScreen(page, "quest-settings", testInfo.project.name);

  // A visitor (no admin cookie) reads the list and the quest.
  const visitor = await browser.newPage();
  const base = testInfo.project.use.baseURL ?? "";
  await visitor.goto(`${base}/quests`);
  const card = visitor.getByRole("listitem").filter({ hasText: title });
  await expect(card).toContainText(`A free licence of ${version.product_name} ${version.version}`);
  await expect(card).toContainText("31 Dec 2099, 18:30 IST");
  await card.getByRole("link", { name: title }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText("Find the path.")).toBeVisible();
  const rules = visitor.locator("#quest-rules + div");
  await expect(rules.locator("strong")).toHaveText("One");
  await expect(rules).toContainText('<script>alert("x")</script>');
  await expect(rules.locator("script, img")).toHaveCount(0);
  await expect(visitor.getByRole("link", { name: "Sign in to take part" })).toBeVisible();

  // Back to a draft: gone from the list, and its page is not found.
  await page.getByLabel("Status").selectOption("draft");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("form", { name: "Quest settings" }).getByRole("status")).toHaveText("Quest settings saved.");
  await visitor.goto(`${base}/quests`);
  await expect(visitor.getByRole("listitem").filter({ hasText: title })).toHaveCount(0);
  const gone = await visitor.goto(`${base}/quests/${quest.id}`);
  expect(gone?.status()).toBe(404);
  await visitor.close();
});
