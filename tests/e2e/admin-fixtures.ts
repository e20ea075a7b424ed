import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { E2E_ADMIN, E2E_PORT } from "../../playwright.config";
import { gotoHydrated } from "./hydration";

export { expect };
export const baseURL = `http://127.0.0.1:${E2E_PORT}`;

/**
 * Logs in through the real /login page and waits for the reload into the overview. The form posts
 * before hydration too (a plain post, no success sentence): the page is let hydrate first.
 */
export async function loginThroughForm(page: Page) {
  await gotoHydrated(page, "/login");
  await page.getByLabel("Email-Address").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login In" }).click();
  await expect(page.getByText("Login successful!")).toBeVisible();
  await page.waitForURL("**/dashboard/overview");
}

/**
 * Tests logged in as the real admin (created by the CLI in start-server.sh). The login happens once
 * per worker through the form; each test then starts from that browser storage.
 */
export const test = base.extend<object, { adminStorage: string }>({
  adminStorage: [
    async ({ browser }, provide, workerInfo) => {
      const page = await browser.newPage({ baseURL });
      await loginThroughForm(page);
      const file = path.join(workerInfo.project.outputDir, `admin-storage-${workerInfo.workerIndex}.json`);
      await page.context().storageState({ path: file });
      await page.close();
      await provide(file);
    },
    { scope: "worker" },
  ],
  storageState: ({ adminStorage }, provide) => provide(adminStorage),
});

/** A cookie-authenticated API change from the test's browser context, as the admin pages send it. */
export const adminHeaders = { "X-Requested-With": "XMLHttpRequest" };

export const unique = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1000)}`;

/** Creates a product version through the real API; returns its id, name and version. */
export async function createVersion(page: Page, overrides: Record<string, unknown> = {}) {
  const id = unique("e2e");
  const data = {
    product_id: id,
    product_name: `Tool ${id}`,
    version: "1.0",
    os: ["linux"],
    ram: "8 GB",
    gpu: "none",
    processor: "2 cores",
    storage: "1 GB",
    network: "any",
    amount: 19.99,
    ...overrides,
  };
  const response = await page.request.post("/api/oni/add/product/version", { data, headers: adminHeaders });
  expect(response.status()).toBe(201);
  return data as typeof data & { product_id: string; product_name: string; version: string };
}

/** No serious or critical axe violations (WCAG 2.2 AA rules); a screenshot when ADMIN_SHOTS is set. */
export async function checkScreen(page: Page, name: string, projectName: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  if (process.env.ADMIN_SHOTS) {
    const dir = process.env.ADMIN_SHOTS === "1" ? "/tmp/shots-admin" : process.env.ADMIN_SHOTS;
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${projectName}-${name}.png`), fullPage: true });
  }
}
