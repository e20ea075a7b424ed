import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./hydration";
import { publicPagePaths } from "../../app/prerender";

// Every public route: its own title, description, canonical, Open Graph; no serious axe findings.
for (const path of publicPagePaths) {
  test(`${path} renders with meta tags and passes axe`, async ({ page }) => {
    const response = await gotoHydrated(page, path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1").first()).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path === "/" ? "/" : path}$`));
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(width).toBeLessThanOrEqual(0);
  });
}

test("an unknown path answers 404 with a not-found page linking home", async ({ page }) => {
  const response = await gotoHydrated(page, "/products/no-such-thing");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the home page" })).toBeVisible();
  await expect(page).toHaveTitle("Page not found");
});

test("sitemap.xml lists the public pages and robots.txt keeps crawlers out of the admin area", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const path of publicPagePaths) expect(sitemap).toContain(`${path}</loc>`);
  const robots = await (await request.get("/robots.txt")).text();
  for (const path of ["/dashboard", "/login", "/dev-quest-add"]) expect(robots).toContain(`Disallow: ${path}`);
});

test("the products page shows nothing until a category is chosen", async ({ page }) => {
  await gotoHydrated(page, "/Projects");
  await expect(page.getByText("Choose a category to see its products.")).toBeVisible();
  await page.getByRole("button", { name: "Open Source projects" }).click();
  await expect(page.getByRole("heading", { name: "TubeLearns" })).toBeVisible();
  await page.getByRole("button", { name: "Education" }).click();
  await expect(page.getByRole("heading", { name: "CAMPUS" })).toBeVisible();
});

test("the dirx copy button shows 'Copied!' and then returns to 'Copy'", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await gotoHydrated(page, "/products/cyber/webtools/dirx");
  const button = page.getByRole("button", { name: "Copy" }).first();
  await button.click();
  await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Copied!" })).toHaveCount(0, { timeout: 5000 });
});
