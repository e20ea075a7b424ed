import { adminHeaders, createVersion, expect, test } from "./admin-fixtures";

// The version screen's Builds and Patches sections post to the screen's action: without JavaScript
// a plain post makes the change and the page comes back with its answer (decision 086).
test.use({ javaScriptEnabled: false });
test.describe.configure({ timeout: 120_000 });

async function versionId(page: import("@playwright/test").Page, productId: string) {
  const list = await (await page.request.get(`/api/admin/product-versions?product_id=${productId}`)).json();
  return list.items[0].id as number;
}

test("an external build is registered and deleted with JavaScript off; a second one of the same target is refused", async ({ page }) => {
  const v = await createVersion(page);
  const id = await versionId(page, v.product_id);
  await page.goto(`/dashboard/versions/${id}`);
  const builds = page.getByRole("region", { name: "Builds" });
  const link = builds.getByRole("form", { name: "Register an external build" });
  const filename = `${v.product_id}-mirror.zip`;
  const register = async () => {
    await link.getByLabel("URL").fill(`https://mirror.example.com/${filename}`);
    await link.getByLabel("File name").fill(filename);
    await link.getByLabel("Size in bytes").fill("2048");
    await link.getByLabel("SHA-256").fill("cd".repeat(32));
    await link.getByLabel("Platform").selectOption("linux");
    await link.getByLabel("Architecture").selectOption("arm64");
    await link.getByRole("button", { name: "Register external build" }).click();
  };
  await register();
  await expect(link.getByRole("status")).toHaveText(`Registered ${filename}.`);
  await expect(builds.getByRole("list", { name: "Builds of this version" }).getByText(filename, { exact: true })).toBeVisible();
  await expect(builds.getByText(/· external URL ·/)).toBeVisible();

  // One build per release, platform and architecture: the server's refusal comes back in the form.
  await register();
  await expect(link.getByRole("status")).not.toHaveText(`Registered ${filename}.`);
  await expect(link.getByRole("status")).not.toHaveText("");
  await expect(builds.getByRole("list", { name: "Builds of this version" }).getByRole("listitem")).toHaveCount(1);

  // Without JavaScript there is no confirm dialog: Delete posts at once.
  await builds.getByRole("button", { name: `Delete ${filename}` }).click();
  await expect(builds.getByRole("status").filter({ hasText: `${filename} deleted.` })).toBeVisible();
  await expect(builds.getByText("No builds yet.")).toBeVisible();
  const left = await (await page.request.get(`/api/admin/artifacts?product_id=${v.product_id}`)).json();
  expect(left.artifacts).toEqual([]);
});

test("a patch is edited and deleted with JavaScript off, a refused edit showing the server's message by its field", async ({ page }) => {
  const v = await createVersion(page);
  for (const patchVersion of ["1.0.1", "1.0.4"]) {
    const res = await page.request.post("/api/products/version/patch/create", {
      data: { product: v.product_id, majorVersion: "1.0", patchVersion, features: [`Fix in ${patchVersion}`] },
      headers: adminHeaders,
    });
    expect(res.status()).toBe(201);
  }
  const id = await versionId(page, v.product_id);
  await page.goto(`/dashboard/versions/${id}`);
  const patches = page.getByRole("region", { name: "Patches" });
  // Edit opens the form through the address (a GET): nothing changes yet.
  await patches.getByRole("button", { name: "Edit patch 1.0.1" }).click();
  await expect(page).toHaveURL(/\?edit=\d+#patch-\d+$/);
  const form = page.getByRole("form", { name: "Edit patch 1.0.1" });
  await expect(form.getByLabel("Patch version")).toHaveValue("1.0.1");

  await form.getByLabel("Patch version").fill("1.0.5");
  await form.getByRole("button", { name: "Save patch" }).click();
  const refused = page.getByRole("form", { name: "Edit patch 1.0.1" });
  await expect(refused.getByLabel("Patch version")).toHaveAttribute("aria-invalid", "true");
  await expect(refused.getByLabel("Patch version")).toHaveAccessibleDescription(/older than the patch after it, 1\.0\.4\./);

  await refused.getByLabel("Patch version").fill("1.0.2");
  await refused.getByLabel("Features (one per line)").fill("Fixes the crash on start\n\nFaster scans");
  await refused.getByRole("button", { name: "Save patch" }).click();
  await expect(patches.getByRole("status").filter({ hasText: /Patch 1\.0\.2 of .* saved\./ })).toBeVisible();
  await expect(page.getByRole("form", { name: /Edit patch/ })).toHaveCount(0);
  await expect(patches.getByText("Faster scans")).toBeVisible();

  await patches.getByRole("button", { name: "Delete patch 1.0.4" }).click();
  await expect(patches.getByRole("status").filter({ hasText: "Patch 1.0.4 deleted." })).toBeVisible();
  const detail = await (await page.request.get(`/api/admin/product-versions/${id}`)).json();
  expect(detail.patches.map((p: { patch_version: string; features: string[] }) => [p.patch_version, p.features])).toEqual([
    ["1.0.2", ["Fixes the crash on start", "Faster scans"]],
  ]);
});
