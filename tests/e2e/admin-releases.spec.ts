import { checkScreen, createVersion, expect, test, unique } from "./admin-fixtures";

test("a patch release is created, and a duplicate shows the server's message", async ({ page }, testInfo) => {
  const v = await createVersion(page);
  await page.goto("/dashboard/version-release/patch");
  await expect(page.getByRole("heading", { name: "Create Patch Version Release" })).toBeVisible();
  await expect(page.getByLabel("Major Version")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Submit" })).toHaveCount(0);
  await page.getByLabel("Product").selectOption(v.product_name);
  await page.getByLabel("Major Version").selectOption("1.0");
  await page.getByLabel("Patch Version").fill("1.0.1");
  await page.getByRole("button", { name: "Add", exact: true }).click(); // blank: ignored
  await page.getByLabel("Add Features").fill("Fixes the crash on start");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("list", { name: "Patch features" }).getByRole("listitem")).toHaveCount(1);
  await checkScreen(page, "patch", testInfo.project.name);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText(/Patch 1\.0\.1 of .* created/)).toBeVisible();

  await page.getByLabel("Patch Version").fill("1.0.1");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText(/already exists|exists/i).first()).toBeVisible();

  await page.goto("/dashboard/versions");
  await expect(page.getByText(`${v.version} → 1.0.1`).first()).toBeVisible();
  await expect(page.getByText("Fixes the crash on start").first()).toBeVisible();
});

test("a module is added and listed with its line breaks; a failure says so", async ({ page }, testInfo) => {
  const title = unique("Quest");
  await page.goto("/dev-quest-add");
  await expect(page.getByText("where a new line should start")).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Find the flag\\nThen report it");
  await page.getByLabel("Prize").fill("$12");
  await checkScreen(page, "module", testInfo.project.name);
  await page.getByRole("button", { name: "Add Module" }).click();
  await expect(page.getByText("Module added successfully!")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("");

  await page.route("**/api/devquests", (route) => route.fulfill({ status: 500, json: { status: "error", message: "down" } }));
  await page.getByLabel("Title").fill(`${title} again`);
  await page.getByLabel("Description").fill("x");
  await page.getByLabel("Prize").fill("$1");
  await page.getByRole("button", { name: "Add Module" }).click();
  await expect(page.getByText("Failed to add module.")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(`${title} again`);
  await page.unroute("**/api/devquests");

  await page.goto("/dashboard/quests");
  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  await expect(item.locator("br")).toHaveCount(1);
  await expect(item).toContainText("Then report it");
  await checkScreen(page, "quests", testInfo.project.name);

  // A quest added by mistake can be deleted (issue 14).
  page.once("dialog", (dialog) => dialog.accept());
  await item.getByRole("button", { name: `Delete ${title}` }).click();
  await expect(page.getByText("Quest deleted.")).toBeVisible();
  await expect(item).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: title, exact: true })).toHaveCount(0);
});

test("the module form requires every field", async ({ page }) => {
  await page.goto("/dev-quest-add");
  await page.getByRole("button", { name: "Add Module" }).click();
  // The browser's own required check stops the submit: nothing is sent, the title is invalid.
  expect(await page.getByLabel("Title").evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  await expect(page.getByText("Module added successfully!")).toHaveCount(0);
});
