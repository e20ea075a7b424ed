import { adminHeaders, checkScreen, createVersion, expect, test, unique } from "./admin-fixtures";
import { gotoHydrated } from "./hydration";

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
  await gotoHydrated(page, "/dev-quest-add");
  await expect(page.getByText("where a new line should start")).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Find the flag\\nThen report it");
  await page.getByLabel("Prize").fill("$12");
  await checkScreen(page, "module", testInfo.project.name);
  await page.getByRole("button", { name: "Add Module" }).click();
  await expect(page.getByText("Module added successfully!")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("");

  // The post is lost on its way (the form posts to its page's action).
  await page.route("**/dev-quest-add.data*", (route) => (route.request().method() === "POST" ? route.abort() : route.fallback()));
  await page.getByLabel("Title").fill(`${title} again`);
  await page.getByLabel("Description").fill("x");
  await page.getByLabel("Prize").fill("$1");
  await page.getByRole("button", { name: "Add Module" }).click();
  await expect(page.getByText("Failed to add module.")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(`${title} again`);
  await page.unroute("**/dev-quest-add.data*");

  await page.goto("/dashboard/quests");
  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  await expect(item.locator("br")).toHaveCount(1);
  await expect(item).toContainText("Then report it");
  await checkScreen(page, "quests", testInfo.project.name);

  // A quest added by mistake can be deleted, after the confirm dialog.
  await item.getByRole("button", { name: `Delete ${title}` }).click();
  await page
    .getByRole("alertdialog", { name: `Delete the quest "${title}"?` })
    .getByRole("button", { name: "Delete quest" })
    .click();
  await expect(page.getByText("Quest deleted.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Quests", level: 1 })).toBeFocused();
  await expect(item).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: title, exact: true })).toHaveCount(0);
});

test("a quest is edited in place: pre-filled, a field message for a blank field, saved and shown", async ({ page }, testInfo) => {
  const title = unique("Quest");
  const created = await page.request.post("/api/devquests", {
    data: { title, description: "Step one\\nStep two", prize: "$5" },
    headers: adminHeaders,
  });
  expect(created.status()).toBe(201);
  await page.goto("/dashboard/quests");
  const item = page.getByRole("listitem", { name: title });
  const edit = item.getByRole("button", { name: `Edit ${title}` });
  await edit.click();
  await expect(edit).toHaveAttribute("aria-expanded", "true");
  const form = item.getByRole("form", { name: `Edit ${title}` });
  await expect(form.getByLabel("Title")).toBeFocused();
  await expect(form.getByLabel("Title")).toHaveValue(title);
  await expect(form.getByLabel("Description")).toHaveValue("Step one\\nStep two");
  await expect(form.getByLabel("Prize")).toHaveValue("$5");
  await checkScreen(page, "quest-edit", testInfo.project.name);

  await form.getByLabel("Prize").fill("  ");
  await form.getByRole("button", { name: "Save quest" }).click();
  await expect(form.getByText("Enter a prize, e.g. $12.")).toBeVisible();
  await expect(form.getByLabel("Prize")).toBeFocused();
  await form.getByLabel("Prize").fill("$50");
  await form.getByLabel("Description").fill("Step one\\nStep two\\nStep three");
  await form.getByRole("button", { name: "Save quest" }).click();
  await expect(page.getByText("Quest saved.")).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(edit).toBeFocused();
  await expect(item).toContainText("Prize: $50");
  await expect(item.locator("br")).toHaveCount(2);

  // Cancel leaves it as it was; Escape in the delete dialog keeps it.
  await edit.click();
  await form.getByLabel("Title").fill("Not this");
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(item.getByRole("heading", { name: title, exact: true })).toBeVisible();
  await item.getByRole("button", { name: `Delete ${title}` }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("alertdialog")).toBeHidden();
  const list = await (await page.request.get("/api/devquests")).json();
  expect(list.quests.find((q: { title: string }) => q.title === title)).toMatchObject({
    prize: "$50",
    description: "Step one\\nStep two\\nStep three",
  });
});

test("the module form requires every field", async ({ page }) => {
  await gotoHydrated(page, "/dev-quest-add");
  await page.getByRole("button", { name: "Add Module" }).click();
  // The browser's own required check stops the submit: nothing is sent, the title is invalid.
  expect(await page.getByLabel("Title").evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  await expect(page.getByText("Module added successfully!")).toHaveCount(0);
});

test("a refused patch release puts the focus on its message: a bad version, the server's refusal, a duplicate", async ({
  page,
}, testInfo) => {
  const v = await createVersion(page);
  await page.goto("/dashboard/version-release/patch");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Product").selectOption(v.product_name);
  await page.getByLabel("Major Version").selectOption("1.0");
  const patch = page.getByLabel("Patch Version");
  const submit = page.getByRole("button", { name: "Submit" });
  // The form's own check.
  await patch.fill("1.0.x");
  await submit.click();
  await expect(patch).toBeFocused();
  await expect(patch).toHaveAccessibleDescription("Use a dotted number such as 1.0 or 1.0.1.");
  // The server's rule (a patch of 1.0 starts with 1.0), on the field.
  await patch.fill("2.0.1");
  await submit.focus();
  await submit.click();
  await expect(patch).toBeFocused();
  await expect(patch).toHaveAttribute("aria-invalid", "true");
  await checkScreen(page, "patch-refused", testInfo.project.name);
  // A duplicate (409) is said on the field too.
  await patch.fill("1.0.1");
  await submit.click();
  await expect(page.getByText(/Patch 1\.0\.1 of .* created/)).toBeVisible();
  await patch.fill("1.0.1");
  await submit.focus();
  await submit.click();
  await expect(patch).toBeFocused();
  await expect(patch).toHaveAccessibleDescription(`Patch 1.0.1 of ${v.product_name} 1.0 already exists.`);
  // The server out of reach: the form's alert, focused.
  await // The post is lost on its way; the page's data can still be read again afterwards.
  await page.route("**/dashboard/version-release/patch.data*", (route) =>
    route.request().method() === "POST" ? route.abort() : route.fallback(),
  );
  await patch.fill("1.0.2");
  await submit.click();
  await expect(page.getByRole("alert").filter({ hasText: "the server could not be reached" })).toBeFocused();
});

test("Add Module moves the focus to the first message, like the edit form", async ({ page }) => {
  await page.goto("/dev-quest-add");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const title = page.getByLabel("Title");
  // Spaces pass the browser's required check; the form's own check refuses them, on the field.
  await title.fill("   ");
  await page.getByLabel("Description").fill("Find the flag");
  await page.getByLabel("Prize").fill("$5");
  await page.getByRole("button", { name: "Add Module" }).click();
  await expect(page.getByText("Failed to add module.")).toBeVisible();
  await expect(title).toBeFocused();
  await expect(title).toHaveAccessibleDescription("Enter a title.");
  // A refusal with no field (the server down) is the form's alert, focused.
  await page.route("**/dev-quest-add.data*", (route) => (route.request().method() === "POST" ? route.abort() : route.fallback()));
  await title.fill(unique("Quest"));
  await page.getByRole("button", { name: "Add Module" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The server could not be reached." })).toBeFocused();
});

test("a patch for a version deleted meanwhile is refused on the Major Version field, which gets the focus", async ({ page }, testInfo) => {
  const v = await createVersion(page);
  await page.goto("/dashboard/version-release/patch");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Product").selectOption(v.product_name);
  const major = page.getByLabel("Major Version");
  await major.selectOption("1.0");
  await page.getByLabel("Patch Version").fill("1.0.1");
  // Another admin deletes the version while this form still offers it.
  const list = await (await page.request.get(`/api/admin/product-versions?product_id=${v.product_id}`)).json();
  const removed = await page.request.delete(`/api/admin/product-versions/${list.items[0].id}`, { headers: adminHeaders });
  expect(removed.status()).toBe(200);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(major).toBeFocused();
  await expect(major).toHaveAttribute("aria-invalid", "true");
  await expect(major).toHaveAccessibleDescription(/^There is no version 1\.0 of /);
  await expect(page.getByLabel("Patch Version")).not.toHaveAttribute("aria-invalid", "true");
  await checkScreen(page, "patch-version-gone", testInfo.project.name);
});
