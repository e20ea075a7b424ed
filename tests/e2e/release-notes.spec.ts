import { checkScreen, createVersion, expect, test } from "./admin-fixtures";
import { gotoHydrated } from "./hydration";

// What the admin enters reaches the customer: a draft stays off the release notes until published
// (a product with only drafts has none);
// a yanked version stays listed as withdrawn with its reason; the Atom feed follows.

test.describe.configure({ timeout: 120_000 });

const versionId = async (page: import("@playwright/test").Page, productId: string) => {
  const list = await (await page.request.get(`/api/admin/product-versions?product_id=${productId}`)).json();
  return list.items[0].id as number;
};

test("a draft is published, shown on the release notes, yanked with a reason and shown withdrawn; the feed lists it", async ({
  page,
}, testInfo) => {
  const v = await createVersion(page, {
    draft: true,
    features: ["Recursive scans"],
    external: [{ name: "nmap", os: "linux", link: "https://nmap.org/", version: "7.94" }],
    python: [{ name: "requests", version: "2.32" }],
  });
  const id = await versionId(page, v.product_id);

  // A product whose versions are all drafts is not public yet: its release notes answer 404.
  const hidden = await page.goto(`/releases/${v.product_id}`);
  expect(hidden?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Product not found" })).toBeVisible();

  await page.goto(`/dashboard/versions/${id}`);
  const release = page.locator('[data-release="version"]');
  await expect(release).toContainText("Draft (admin only)");
  await release.getByRole("button", { name: "Publish version 1.0" }).click();
  await expect(release).toContainText("Published");
  await expect(release.getByRole("status")).toHaveText("Version 1.0 is published.");

  await page.goto(`/releases/${v.product_id}`);
  await expect(page.getByRole("heading", { level: 2, name: "Version 1.0" })).toBeVisible();
  await expect(page.getByRole("link", { name: "nmap" })).toHaveAttribute("href", "https://nmap.org/");
  await expect(page.getByText("requests==2.32")).toBeVisible();
  await checkScreen(page, "release-notes", testInfo.project.name);

  await gotoHydrated(page, `/dashboard/versions/${id}`);
  await release.getByRole("button", { name: "Yank version 1.0" }).click();
  await expect(release.getByRole("alert")).toHaveText("Say why the release is withdrawn.");
  await release.getByLabel("Reason for withdrawing").fill("Crashes on start");
  await release.getByRole("button", { name: "Yank version 1.0" }).click();
  await expect(release).toContainText("Withdrawn (yanked)");

  await page.goto(`/releases/${v.product_id}`);
  await expect(page.getByRole("heading", { level: 2, name: "Version 1.0 (withdrawn)" })).toBeVisible();
  await expect(page.getByText("Crashes on start")).toBeVisible();

  const feed = await page.request.get(`/releases/${v.product_id}/feed.xml`);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(`${v.product_name} 1.0 (withdrawn)`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the version's screen publishes and un-yanks by plain form posts", async ({ page }) => {
    const v = await createVersion(page, { draft: true });
    const id = await versionId(page, v.product_id);
    await page.goto(`/dashboard/versions/${id}`);
    const release = page.locator('[data-release="version"]');
    await release.getByRole("button", { name: "Publish version 1.0" }).click();
    await expect(release.getByRole("status")).toHaveText("Version 1.0 is published.");
    await release.getByLabel("Reason for withdrawing").fill("Wrong build");
    await release.getByRole("button", { name: "Yank version 1.0" }).click();
    await expect(release).toContainText("reason: Wrong build");
    await release.getByRole("button", { name: "Un-yank version 1.0" }).click();
    await expect(release.getByRole("status")).toHaveText("Version 1.0 is published.");
  });
});

test("an unknown product's release notes answer 404", async ({ page }) => {
  const response = await page.goto("/releases/no-such-product-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product not found");
});
