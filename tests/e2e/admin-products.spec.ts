import { checkScreen, expect, test, unique } from "./admin-fixtures";
import { gotoHydrated } from "./hydration";

test.describe.configure({ timeout: 120_000 }); // shared machine: axe under load

async function fillRequired(page: import("@playwright/test").Page, id: string) {
  await page.getByLabel("Product ID").fill(id);
  await page.getByLabel("Product Name").fill(`Scanner ${id}`);
  await page.getByLabel("Version", { exact: true }).fill("2.0");
  await page.getByLabel("Amount").fill("49.50");
  for (const [label, value] of [
    ["RAM", "8 GB"],
    ["GPU", "none"],
    ["Processor", "4 cores"],
    ["Storage", "2 GB"],
    ["Network", "broadband"],
  ]) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

test("a product version is submitted with its lists, and a duplicate is refused", async ({ page }, testInfo) => {
  const id = unique("e2e-prod");
  await page.goto("/dashboard/version-release/major");
  await expect(page.getByRole("heading", { name: "Product Requirements" })).toBeVisible();
  await fillRequired(page, id);
  await page.getByRole("checkbox", { name: "linux" }).check();
  await page.getByRole("checkbox", { name: "mac" }).check();
  await page.getByLabel("Feature 1").fill("Fast scans");
  await page.getByRole("button", { name: "Add feature" }).click();
  await page.getByLabel("Feature 2").fill("Reports");
  await page.getByRole("group", { name: "External Dependencies" }).getByRole("button", { name: "Add dependency" }).click();
  await page.getByLabel("Name 1").first().fill("nmap");
  await page.getByLabel("Link 1").fill("https://nmap.org");
  await checkScreen(page, "product-form", testInfo.project.name);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Product requirements submitted successfully")).toBeVisible();
  await expect(page.getByLabel("Product ID")).toHaveValue("");

  // The same product and version again: the server answers 409 and the form says so.
  await fillRequired(page, id);
  await page.getByRole("checkbox", { name: "windows" }).check();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Error submitting form")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: /exists/i })).toBeVisible();
  // Focus moved to the first message once; typing elsewhere afterwards keeps the focus where the admin is
  // (a new errors object on every render would pull it back on each keystroke).
  const feature = page.getByLabel("Feature 1");
  await feature.click();
  await feature.pressSequentially("abc");
  await expect(feature).toBeFocused();
  await expect(feature).toHaveValue("abc");

  await page.goto("/dashboard/versions");
  await expect(page.getByRole("cell", { name: new RegExp(id) }).first()).toBeVisible();
  await checkScreen(page, "versions", testInfo.project.name);
});

test('missing operating systems stop the submit with the "Please fill out all required fields" toast', async ({ page }) => {
  await gotoHydrated(page, "/dashboard/version-release/major");
  await fillRequired(page, unique("e2e-miss"));
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Please fill out all required fields")).toBeVisible();
  await expect(page.getByRole("group", { name: "Operating System" })).toHaveAccessibleDescription("Choose at least one operating system.");
});

test("an invalid link is shown next to its field", async ({ page }) => {
  await gotoHydrated(page, "/dashboard/version-release/major");
  await fillRequired(page, unique("e2e-link"));
  await page.getByRole("checkbox", { name: "linux" }).check();
  await page.getByRole("group", { name: "External Dependencies" }).getByRole("button", { name: "Add dependency" }).click();
  await page.getByLabel("Name 1").first().fill("tool");
  await page.getByLabel("Link 1").fill("ftp://example.com/file");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Error submitting form")).toBeVisible();
  await expect(page.getByText("Enter an http(s) link.")).toBeVisible();
});
