import { adminHeaders, checkScreen, createVersion, expect, test } from "./admin-fixtures";
import { gotoHydrated } from "./hydration";

// Correcting mistakes: a version's screen (edit, archive, delete), starting from the previous version,
// the product picker, and the name typed for an existing product never silently dropped.

// The machine is shared; axe and screenshots of long screens take a while under load.
test.describe.configure({ timeout: 120_000 });

async function openVersion(page: import("@playwright/test").Page, productId: string, version: string) {
  const list = await (await page.request.get(`/api/admin/product-versions?product_id=${productId}&archived=include`)).json();
  const id = list.items.find((v: { version: string }) => v.version === version).id;
  await page.goto(`/dashboard/versions/${id}`);
  return id as number;
}

test("a version's screen shows its requirements and saves an edit with the price in rupees", async ({ page }, testInfo) => {
  const v = await createVersion(page, { features: ["Fast scans"], python: [{ name: "requests", version: "2.32" }] });
  await openVersion(page, v.product_id, "1.0");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("1.0");
  // The product as the catalogue names it, in the heading and the tab's title alike.
  await expect(page).toHaveTitle(`${v.product_name} 1.0 | Admin`);
  await expect(page.getByText("₹19.99")).toBeVisible();
  await expect(page.getByText("requests 2.32")).toBeVisible();
  await checkScreen(page, "version-detail", testInfo.project.name);

  await page.getByLabel("Amount (₹)").fill("1499");
  await page.getByLabel(/For sale/).check();
  await page.getByLabel("Machine limit").fill("0");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByLabel("Machine limit")).toBeFocused();
  await expect(page.getByText("At least 1 machine.")).toBeVisible();
  await page.getByLabel("Machine limit").fill("5");
  // Unchecking every system is said on the group; the server out of reach is the form's own alert, focused.
  const systems = page.getByRole("group", { name: "Operating System" });
  const checked = await systems
    .getByRole("checkbox", { checked: true })
    .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value));
  expect(checked.length).toBeGreaterThan(0);
  for (const os of checked) await systems.getByRole("checkbox", { name: os }).uncheck();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(systems).toHaveAccessibleDescription("Choose at least one operating system.");
  for (const os of checked) await systems.getByRole("checkbox", { name: os }).check();
  await // The post is lost on its way; the page's data can still be read again afterwards.
  await page.route("**/dashboard/versions/*.data*", (route) => (route.request().method() === "POST" ? route.abort() : route.fallback()));
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The server could not be reached." })).toBeFocused();
  await page.unroute("**/dashboard/versions/*.data*");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Changes saved.")).toBeVisible();
  await expect(page.getByText("₹1,499.00")).toBeVisible();
});

test("the licence term is edited on the version's form; a term out of range is said on the field", async ({ page }) => {
  const v = await createVersion(page);
  const id = await openVersion(page, v.product_id, "1.0");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const term = page.getByLabel("Licence term (months)");
  await expect(term).toHaveValue("12");
  const save = page.getByRole("button", { name: "Save changes" });
  for (const [typed, message] of [
    ["0", "At least 1 month."],
    ["121", "At most 120 months."],
    ["1.5", "Use whole months."],
  ]) {
    await term.fill(typed);
    await save.click();
    await expect(term).toBeFocused();
    await expect(term).toHaveAttribute("aria-invalid", "true");
    await expect(term).toHaveAccessibleDescription(message);
  }
  await term.fill("24");
  await save.click();
  await expect(page.getByText("Changes saved.")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "24 months" })).toBeVisible();
  await expect(term).toHaveValue("24");
  await expect(term).not.toHaveAttribute("aria-invalid", "true");
  const stored = await (await page.request.get(`/api/admin/product-versions/${id}`)).json();
  expect(stored.licence_term_months).toBe(24);
});

test("archive hides a version from the pickers; delete removes one without orders", async ({ page }) => {
  const v = await createVersion(page);
  await openVersion(page, v.product_id, "1.0");
  await page.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByText("Version archived.")).toBeVisible();
  const details = await (await page.request.get("/api/products/version/details")).json();
  expect(details[v.product_name]).toBeUndefined();
  await gotoHydrated(page, "/dashboard/versions");
  await expect(page.getByRole("cell", { name: new RegExp(v.product_id) })).toHaveCount(0);
  await page.getByRole("link", { name: "Show archived versions" }).click();
  await expect(page.getByRole("cell", { name: new RegExp(v.product_id) }).first()).toBeVisible();

  await openVersion(page, v.product_id, "1.0");
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page
    .getByRole("alertdialog", { name: `Delete ${v.product_name} 1.0?` })
    .getByRole("button", { name: `Delete version ${v.product_name} 1.0` })
    .click();
  await page.waitForURL("**/dashboard/versions?deleted=*");
  await expect(page.getByRole("status").filter({ hasText: `Version ${v.product_name} 1.0 deleted.` })).toBeVisible();
  expect((await page.request.get(`/api/admin/product-versions?product_id=${v.product_id}&archived=include`)).ok()).toBe(true);
  const left = await (await page.request.get(`/api/admin/product-versions?product_id=${v.product_id}&archived=include`)).json();
  expect(left.items).toEqual([]);
});

test("an archived version is restored on its screen and is back in the list and the pickers", async ({ page }) => {
  const v = await createVersion(page);
  const id = await openVersion(page, v.product_id, "1.0");
  const state = page.getByRole("definition").filter({ hasText: /^(active|archived)/ });
  const pickerOption = () => page.getByLabel("Product").getByRole("option", { name: v.product_name, exact: true });
  await page.getByRole("button", { name: "Archive", exact: true }).click();
  await expect(page.getByText("Version archived.")).toBeVisible();
  await expect(state).toHaveText(/^archived /);
  await page.goto("/dashboard/coupon-gen");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(pickerOption()).toHaveCount(0);

  await page.goto(`/dashboard/versions/${id}`);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: "Restore (unarchive)" }).click();
  await expect(page.getByText("Version restored.")).toBeVisible();
  await expect(state).toHaveText("active");
  await expect(page.getByRole("button", { name: "Archive", exact: true })).toBeVisible();
  await page.goto("/dashboard/versions");
  await expect(page.getByRole("cell", { name: new RegExp(v.product_id) }).first()).toBeVisible();
  await page.goto("/dashboard/coupon-gen");
  await expect(pickerOption()).toHaveCount(1);
});

test("deleting a version that has orders is refused with the server's message; the version stays", async ({ page, request }, testInfo) => {
  const v = await createVersion(page, { amount: 99 });
  const id = await openVersion(page, v.product_id, "1.0");
  // An order refers to it: put it on sale and place a (pending) order as a visitor does.
  const onSale = await page.request.patch(`/api/admin/product-versions/${id}`, { headers: adminHeaders, data: { for_sale: true } });
  expect(onSale.status()).toBe(200);
  const order = await request.post("/api/checkout/orders", {
    data: { product_id: v.product_id, version: "1.0", email: "buyer@example.com", name: "Asha Rao", billing: { state_code: "29" } },
  });
  expect(order.status()).toBe(201);

  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page
    .getByRole("alertdialog", { name: `Delete ${v.product_name} 1.0?` })
    .getByRole("button", { name: `Delete version ${v.product_name} 1.0` })
    .click();
  await expect(
    page.getByRole("alert").filter({ hasText: `Orders refer to ${v.product_name} 1.0, so it cannot be deleted; archive it instead.` }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/versions/${id}$`));
  await expect(page.getByText("Version deleted.")).toHaveCount(0);
  await checkScreen(page, "version-delete-refused", testInfo.project.name);
  expect((await page.request.get(`/api/admin/product-versions/${id}`)).status()).toBe(200);
});

test("a new release starts from the previous version of a product picked from the list", async ({ page }, testInfo) => {
  const v = await createVersion(page, { ram: "12 GB", amount: 250 });
  await gotoHydrated(page, "/dashboard/version-release/major");
  await page.getByLabel("Product", { exact: true }).selectOption(v.product_id);
  await page.getByRole("button", { name: "Start from its latest version" }).click();
  await expect(page.getByText(`Pre-filled from ${v.product_name} 1.0`)).toBeVisible();
  await expect(page.getByLabel("RAM", { exact: true })).toHaveValue("12 GB");
  await expect(page.getByLabel("Product ID")).toHaveValue(v.product_id);
  await expect(page.getByRole("checkbox", { name: "linux" })).toBeChecked();
  await checkScreen(page, "release-prefilled", testInfo.project.name);
  // The same version again: the server's message lands on the Version field, which gets the focus.
  await page.getByLabel("Version", { exact: true }).fill("1.0");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByLabel("Version", { exact: true })).toBeFocused();
  await expect(page.getByText(`Version 1.0 of ${v.product_name} already exists.`).first()).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await page.getByLabel("Version", { exact: true }).fill("1.1");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Product requirements submitted successfully")).toBeVisible();
});

test("an existing product typed with another name is refused on the name field; Amount has no default", async ({ page }) => {
  const v = await createVersion(page);
  await gotoHydrated(page, "/dashboard/version-release/major");
  await expect(page.getByLabel("Amount (₹)")).toHaveValue("");
  await page.getByLabel("Product ID").fill(v.product_id);
  await page.getByLabel("Product Name").fill("dirx");
  await page.getByLabel("Version", { exact: true }).fill("9.9");
  for (const label of ["RAM", "GPU", "Processor", "Storage", "Network"]) await page.getByLabel(label, { exact: true }).fill("x");
  await page.getByRole("checkbox", { name: "linux" }).check();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Enter the price (0 only for a free version).")).toBeVisible();
  await expect(page.getByLabel("Amount (₹)")).toBeFocused();
  await page.getByLabel("Amount (₹)").fill("0");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText(/is already named/)).toBeVisible();
  await expect(page.getByLabel("Product Name")).toBeFocused();
  const none = await page.request.get(`/api/admin/product-versions?product_id=${v.product_id}`, { headers: adminHeaders });
  expect((await none.json()).items.map((x: { version: string }) => x.version)).toEqual(["1.0"]);
});
