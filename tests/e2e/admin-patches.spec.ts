import { adminHeaders, checkScreen, createVersion, expect, test } from "./admin-fixtures";
import { gotoHydrated } from "./hydration";

// Correcting a patch release: edit it in place on its version's screen, pre-filled, with the
// server's field messages; delete it after a dialog that keyboard and screen reader users can answer.

test.describe.configure({ timeout: 120_000 });

async function versionWithPatches(page: import("@playwright/test").Page, patches: string[]) {
  const v = await createVersion(page);
  for (const patchVersion of patches) {
    const res = await page.request.post("/api/products/version/patch/create", {
      data: { product: v.product_id, majorVersion: "1.0", patchVersion, features: [`Fix in ${patchVersion}`] },
      headers: adminHeaders,
    });
    expect(res.status()).toBe(201);
  }
  const list = await (await page.request.get(`/api/admin/product-versions?product_id=${v.product_id}`)).json();
  return { ...v, id: list.items[0].id as number };
}

test("a patch is edited in place: pre-filled, field messages from the server, saved and shown", async ({ page }, testInfo) => {
  const v = await versionWithPatches(page, ["1.0.1", "1.0.4"]);
  await gotoHydrated(page, `/dashboard/versions/${v.id}`);
  const patches = page.getByRole("region", { name: "Patches" });
  await expect(patches.getByRole("heading", { name: /Patch 1\.0\.1/ })).toBeVisible();

  const edit = patches.getByRole("button", { name: "Edit patch 1.0.1" });
  await edit.click();
  await expect(edit).toHaveAttribute("aria-expanded", "true");
  const form = page.getByRole("form", { name: "Edit patch 1.0.1" });
  await expect(form.getByLabel("Patch version")).toBeFocused();
  await expect(form.getByLabel("Patch version")).toHaveValue("1.0.1");
  await expect(form.getByLabel("Features (one per line)")).toHaveValue("Fix in 1.0.1");
  await checkScreen(page, "patch-edit", testInfo.project.name);

  // Past the next patch: the server's rule, on the field, which gets the focus.
  await form.getByLabel("Patch version").fill("1.0.5");
  await form.getByRole("button", { name: "Save patch" }).click();
  await expect(form.getByText("The patch must stay older than the patch after it, 1.0.4.")).toBeVisible();
  await expect(form.getByLabel("Patch version")).toBeFocused();
  await expect(form.getByLabel("Patch version")).toHaveAttribute("aria-invalid", "true");
  // Another patch's number: 409, also on the field.
  await form.getByLabel("Patch version").fill("1.0.4");
  await form.getByRole("button", { name: "Save patch" }).click();
  await expect(form.getByText(`Patch 1.0.4 of ${v.product_name} 1.0 already exists.`)).toBeVisible();
  // Not a version at all: refused before asking the server.
  await form.getByLabel("Patch version").fill("one");
  await form.getByRole("button", { name: "Save patch" }).click();
  await expect(form.getByText("Use a dotted number such as 1.0 or 1.0.1.")).toBeVisible();

  await form.getByLabel("Patch version").fill("1.0.2");
  await form.getByLabel("Features (one per line)").fill("Fixes the crash on start\n\nFaster scans");
  await form.getByRole("button", { name: "Save patch" }).click();
  await expect(page.getByText(/Patch 1\.0\.2 of .* saved\./)).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(patches.getByRole("button", { name: "Edit patch 1.0.2" })).toBeFocused();
  await expect(patches.getByText("Faster scans")).toBeVisible();
  const detail = await (await page.request.get(`/api/admin/product-versions/${v.id}`)).json();
  expect(detail.patches.map((p: { patch_version: string; features: string[] }) => [p.patch_version, p.features])).toEqual([
    ["1.0.2", ["Fixes the crash on start", "Faster scans"]],
    ["1.0.4", ["Fix in 1.0.4"]],
  ]);
});

test("a patch is deleted only after the dialog says so, by keyboard", async ({ page }, testInfo) => {
  const v = await versionWithPatches(page, ["1.0.1", "1.0.2"]);
  await gotoHydrated(page, `/dashboard/versions/${v.id}`);
  const patches = page.getByRole("region", { name: "Patches" });
  const remove = patches.getByRole("button", { name: "Delete patch 1.0.1" });

  // Escape keeps the patch, and focus returns to the button.
  await remove.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Delete patch 1.0.1?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expect(dialog).toContainText("This cannot be undone.");
  await checkScreen(page, "patch-delete-dialog", testInfo.project.name);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  await expect(patches.getByRole("heading", { name: /Patch 1\.0\.1/ })).toBeVisible();

  // Tab to the dialog's Delete and press Enter.
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Delete patch 1.0.1" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Patch 1.0.1 deleted.")).toBeVisible();
  await expect(patches.getByRole("heading", { name: /Patch 1\.0\.1/ })).toHaveCount(0);
  await expect(patches.getByRole("heading", { name: "Patches" })).toBeFocused();
  await expect(patches.getByRole("heading", { name: /Patch 1\.0\.2/ })).toBeVisible();

  // The Versions & Patches list links each patch to its place on the version's screen.
  await gotoHydrated(page, "/dashboard/versions");
  await page.getByRole("link", { name: `Edit or delete patch 1.0.2 of ${v.product_name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/versions/${v.id}#patch-`));
  await expect(page.getByRole("button", { name: "Edit patch 1.0.2" })).toBeVisible();
});
