import { adminHeaders, checkScreen, expect, test, unique } from "./admin-fixtures";

// The audit log screen reads through its loader (decision 017): the entries are in the first HTML,
// filtered by the URL, and a filter it cannot use is said, not an empty list.

test("a change shows up in the audit log with what it was before and after; a bad filter is said", async ({ page }, testInfo) => {
  const title = unique("Audited");
  const created = await page.request.post("/api/devquests", { data: { title, description: "d", prize: "$1" }, headers: adminHeaders });
  const { quest } = await created.json();
  const patched = await page.request.patch(`/api/admin/quests/${quest.id}`, { data: { prize: "$2" }, headers: adminHeaders });
  expect(patched.status()).toBe(200);

  // Filtering before React hydrates can leave the unfiltered rows under the filtered URL on a
  // loaded machine; the filter under test is React Router's, so the test waits for hydration.
  await page.goto("/dashboard/audit");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 30_000 });
  await page.getByLabel("Action").fill("quest.update");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=quest\.update/);
  await expect(page.getByRole("row").filter({ hasText: "quest.create" })).toHaveCount(0);
  const row = page.getByRole("row").filter({ hasText: `quest ${quest.id}` });
  await expect(row).toContainText("quest.update");
  await expect(row).toContainText('before: {"prize":"$1"}');
  await expect(row).toContainText('after: {"prize":"$2"}');
  await expect(row.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  await checkScreen(page, "audit", testInfo.project.name);

  await page.goto("/dashboard/audit?action=Bad!");
  await expect(page.getByRole("alert")).toContainText("Action: Letters, dots and underscores only.");
  await expect(page.getByRole("row")).toHaveCount(0);
});
