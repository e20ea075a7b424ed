import { checkScreen, createVersion, expect, test } from "./admin-fixtures";

test("coupon maths, generation, submit and the paginated table", async ({ page }, testInfo) => {
  const v1 = await createVersion(page, { amount: 19.99 });
  await createVersion(page, { product_id: v1.product_id, product_name: v1.product_name, version: "2.0", amount: 100 });
  await page.goto("/dashboard/coupon-gen");
  await page.getByLabel("Product").selectOption({ label: v1.product_name });
  await expect(page.getByLabel("Version")).toHaveValue("1.0");
  await expect(page.getByLabel("Amount", { exact: true })).toHaveValue("19.99");
  await page.getByLabel("Discount Percentage").fill("15");
  // 19.99 * 15 / 100 = 2.9985 -> 3.00; final 16.99, computed in cents without float drift.
  await expect(page.getByLabel("Discount Amount")).toHaveValue("3.00");
  await expect(page.getByLabel("Final Amount")).toHaveValue("16.99");

  await page.getByLabel("Number of Coupons").fill("0");
  await page.getByRole("button", { name: "Generate Coupons" }).click();
  await expect(page.getByText("Please enter a valid coupon count")).toBeVisible();

  await page.getByLabel("Number of Coupons").fill("7");
  await page.getByRole("button", { name: "Generate Coupons" }).click();
  const codes = page.getByRole("list", { name: "Generated coupon codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(7);
  for (const code of await codes.allTextContents()) expect(code).toMatch(/^ONI[A-Za-z0-9]{10}$/);
  await checkScreen(page, "coupon-gen", testInfo.project.name);

  // Another version resets the discount and the generated codes.
  await page.getByLabel("Version").selectOption("2.0");
  await expect(page.getByLabel("Discount Percentage")).toHaveValue("");
  await expect(page.getByLabel("Discount Amount")).toHaveValue("0.00");
  await expect(codes).toHaveCount(0);
  await page.getByLabel("Version").selectOption("1.0");

  await page.getByLabel("Discount Percentage").fill("15");
  await page.getByLabel("Number of Coupons").fill("7");
  await page.getByRole("button", { name: "Generate Coupons" }).click();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("7 coupons added.")).toBeVisible();

  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(6); // header + 5
  await expect(table.getByRole("cell", { name: "Unused" })).toHaveCount(5);
  await expect(table.getByRole("cell", { name: "15%" })).toHaveCount(5);
  const previous = page.getByRole("button", { name: "Previous" });
  const next = page.getByRole("button", { name: "Next" });
  await expect(previous).toBeDisabled();
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await next.click();
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByRole("cell", { name: "7", exact: true })).toBeVisible();
  await expect(next).toBeDisabled();
  await expect(previous).toBeEnabled();
});

test("a refused batch shows the failure toast", async ({ page }) => {
  const v = await createVersion(page, { amount: 10 });
  await page.goto("/dashboard/coupon-gen");
  await page.getByLabel("Product").selectOption({ label: v.product_name });
  // No bounds in the client (SPEC section 5); the server refuses a discount above 100%.
  await page.getByLabel("Discount Percentage").fill("150");
  await expect(page.getByLabel("Final Amount")).toHaveValue("-5.00");
  await page.getByLabel("Number of Coupons").fill("2");
  await page.getByRole("button", { name: "Generate Coupons" }).click();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Error submitting form")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: /100%|invalid/i })).toBeVisible();
});

test("a failed product list is reported, not only logged", async ({ page }) => {
  await page.route("**/api/products/informations", (route) =>
    route.fulfill({ status: 500, json: { status: "error", message: "Database down." } }),
  );
  await page.goto("/dashboard/coupon-gen");
  await expect(page.getByRole("alert")).toContainText("Could not load the products: Database down.");
  await expect(page.getByRole("status").filter({ hasText: "Could not load the products" })).toBeVisible();
});
