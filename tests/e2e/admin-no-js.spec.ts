import { createVersion, expect, test, unique } from "./admin-fixtures";

// The admin forms post to their page's action: without JavaScript a plain post does the change and
// the page comes back with the result (no toast: the message sits in the form).
test.use({ javaScriptEnabled: false });
test.describe.configure({ timeout: 120_000 });

test("a product version is added with JavaScript off, and a refused one shows its field errors", async ({ page }) => {
  const id = unique("e2e-nojs");
  await page.goto("/dashboard/version-release/major");
  await page.getByLabel("Product ID").fill(id);
  await page.getByLabel("Product Name").fill(`No script ${id}`);
  await page.getByLabel("Version", { exact: true }).fill("1.0");
  await page.getByLabel("Amount").fill("10");
  for (const label of ["RAM", "GPU", "Processor", "Storage", "Network"]) await page.getByLabel(label, { exact: true }).fill("any");
  await page.getByRole("checkbox", { name: "linux" }).check();
  await page.getByLabel("Feature 1").fill("Works without scripts");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Product requirements submitted successfully" })).toBeVisible();

  // Nothing filled in: the server's field errors sit by their fields.
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("alert")).toHaveText("Some fields are missing or invalid.");
  await expect(page.getByLabel("Product ID")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("group", { name: "Operating System" })).toHaveAccessibleDescription(/operating system/i);

  await page.goto("/dashboard/versions");
  await expect(page.getByRole("cell", { name: new RegExp(id) }).first()).toBeVisible();
});

test("a coupon batch is generated and stored with JavaScript off", async ({ page }) => {
  const version = await createVersion(page, { amount: 50 });
  await page.goto("/dashboard/coupon-gen");
  await page.getByLabel("Product version").selectOption({ label: `${version.product_name} 1.0` });
  // A discount the browser lets through but the server refuses: its message comes back by the field.
  await page.getByLabel("Discount Percentage").fill("0");
  await page.getByLabel("Number of Coupons").fill("3");
  await page.getByRole("button", { name: "Generate and store" }).click();
  await expect(page.getByLabel("Discount Percentage")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert")).toBeVisible();

  await page.getByLabel("Product version").selectOption({ label: `${version.product_name} 1.0` });
  await page.getByLabel("Discount Percentage").fill("10");
  await page.getByLabel("Number of Coupons").fill("3");
  await page.getByRole("button", { name: "Generate and store" }).click();
  await expect(page.getByRole("status").filter({ hasText: "3 coupons added." })).toBeVisible();
  await expect(page.getByRole("region", { name: "Stored batch: 3 coupons" })).toContainText(`${version.product_name} 1.0, 10% off`);
});

test("a version is edited, archived and deleted on its screen with JavaScript off", async ({ page }) => {
  const version = await createVersion(page);
  const list = await (await page.request.get(`/api/admin/product-versions?product_id=${version.product_id}`)).json();
  const id = list.items[0].id as number;
  await page.goto(`/dashboard/versions/${id}`);
  // A refused edit comes back with the server's message by its field.
  await page.getByLabel("Licence term (months)").fill("121");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByLabel("Licence term (months)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Licence term (months)")).toHaveAccessibleDescription("At most 120 months.");
  await page.getByLabel("Licence term (months)").fill("24");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Changes saved." })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "24 months" })).toBeVisible();

  await page.getByRole("button", { name: "Archive", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Version archived." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Restore (unarchive)" })).toBeVisible();
  // Without JavaScript there is no confirm dialog: Delete posts at once (decision 086).
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/versions\?deleted=/);
  await expect(page.getByRole("status").filter({ hasText: `Version ${version.product_name} 1.0 deleted.` })).toBeVisible();
  const left = await (await page.request.get(`/api/admin/product-versions?product_id=${version.product_id}&archived=include`)).json();
  expect(left.items).toEqual([]);
});

test("a quest module is added and deleted with JavaScript off", async ({ page }) => {
  const title = unique("No-script quest");
  await page.goto("/dev-quest-add");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Find the flag");
  // Spaces pass the browser's required check; the server's message comes back by the field.
  await page.getByLabel("Prize").fill("   ");
  await page.getByRole("button", { name: "Add Module" }).click();
  await expect(page.getByLabel("Prize")).toHaveAccessibleDescription("Enter a prize, e.g. $12.");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Find the flag");
  await page.getByLabel("Prize").fill("$7");
  await page.getByRole("button", { name: "Add Module" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Module added successfully!" })).toBeVisible();

  await page.goto("/dashboard/quests");
  const item = page.getByRole("listitem", { name: title });
  await item.getByRole("button", { name: `Delete ${title}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Quest deleted." })).toBeVisible();
  await expect(page.getByRole("heading", { name: title, exact: true })).toHaveCount(0);
});
