import type { Locator } from "@playwright/test";
import { adminHeaders, createVersion, expect, test } from "./admin-fixtures";
import { gotoHydrated } from "./hydration";

// Required fields are marked. Each control the browser knows as required (the `required`
// attribute, which screen readers announce) shows the visible mark after its label, and no optional
// control shows it. A group (the operating systems: at least one) carries the mark in its legend.

/** "Label *" for a required, marked control; anything else names what is wrong. Groups first. */
function requiredMarks(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const isMark = (el: Element | null | undefined) =>
      !!el && el.getAttribute("aria-hidden") === "true" && el.textContent?.trim() === "*" && el.getClientRects().length > 0;
    const rows: string[] = [];
    for (const legend of root.querySelectorAll("fieldset > legend")) {
      if (isMark(legend.querySelector("[aria-hidden]"))) rows.push(`${legend.firstChild?.textContent?.trim()} (group) *`);
    }
    for (const control of root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>("input, select, textarea")) {
      const label = control.labels?.[0];
      const name = label?.textContent?.trim() ?? control.name;
      const marked = isMark(label?.nextElementSibling);
      if (control.required) rows.push(marked ? `${name} *` : `${name} (required, no mark)`);
      else if (marked) rows.push(`${name} (marked, not required)`);
    }
    return rows;
  });
}

const form = (page: import("@playwright/test").Page, label: string) =>
  page.locator("form").filter({ has: page.getByLabel(label, { exact: true }) });
const REQUIREMENTS = ["RAM *", "GPU *", "Processor *", "Storage *", "Network *"];

test("a new release and a version's edit form mark their required fields", async ({ page }) => {
  const v = await createVersion(page);
  await page.goto("/dashboard/version-release/major");
  expect(await requiredMarks(form(page, "Product ID"))).toEqual([
    "Operating System (group) *",
    "Product ID *",
    "Product Name *",
    "Version *",
    "Amount (₹) *",
    ...REQUIREMENTS,
  ]);
  const list = await (await page.request.get(`/api/admin/product-versions?product_id=${v.product_id}`)).json();
  await page.goto(`/dashboard/versions/${list.items[0].id}`);
  expect(await requiredMarks(form(page, "Machine limit"))).toEqual([
    "Operating System (group) *",
    "Amount (₹) *",
    "Licence term (months) *",
    "Machine limit *",
    ...REQUIREMENTS,
  ]);
});

test("the patch forms, the coupon generator and the module form mark their required fields", async ({ page }) => {
  const v = await createVersion(page);
  const patch = await page.request.post("/api/products/version/patch/create", {
    data: { product: v.product_id, majorVersion: "1.0", patchVersion: "1.0.1", features: ["Fix"] },
    headers: adminHeaders,
  });
  expect(patch.status()).toBe(201);
  await page.goto("/dashboard/version-release/patch");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Product").selectOption(v.product_name);
  expect(await requiredMarks(form(page, "Patch Version"))).toEqual(["Product *", "Major Version *", "Patch Version *"]);

  const list = await (await page.request.get(`/api/admin/product-versions?product_id=${v.product_id}`)).json();
  // Hydrated first: a click that lands while React takes over the page can be lost between the
  // native GET (the no-JS way to open the editor) and the client's handler.
  await gotoHydrated(page, `/dashboard/versions/${list.items[0].id}`);
  await page.getByRole("button", { name: "Edit patch 1.0.1" }).click();
  expect(await requiredMarks(page.getByRole("form", { name: "Edit patch 1.0.1" }))).toEqual(["Patch version *"]);

  await page.goto("/dashboard/coupon-gen");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Product").selectOption({ label: v.product_name });
  await page.getByLabel("Number of Coupons").fill("1");
  await page.getByRole("button", { name: "Generate Coupons" }).click();
  expect(await requiredMarks(page.getByRole("main"))).toEqual(["Product *", "Version *", "Discount Percentage *", "Number of Coupons *"]);

  await page.goto("/dev-quest-add");
  expect(await requiredMarks(form(page, "Prize"))).toEqual(["Title *", "Description *", "Prize *"]);
});

test("the invitation and password forms mark their required fields", async ({ page }) => {
  await page.goto("/dashboard/admins");
  expect(await requiredMarks(form(page, "E-mail address"))).toEqual(["E-mail address *"]);
  await page.goto("/dashboard/account");
  expect(await requiredMarks(form(page, "Current password"))).toEqual(["Current password *", "New password *", "New password again *"]);
});
