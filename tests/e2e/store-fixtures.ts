import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { randomInt } from "node:crypto";
import { adminHeaders } from "./admin-fixtures";

/** The version the store specs sell: dirx 1.0 at ₹1,499.00, as on a real first install. */
export const DIRX = { product_id: "dirx", product_name: "dirx", version: "1.0", amount: 1499, price: "₹1,499.00" };

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** A fresh coupon code of the server's default form (ONI + 10 characters). */
export const couponCode = () => `ONI${Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("")}`;

/**
 * Checks that dirx 1.0 is on sale at ₹1,499.00 (tests/e2e/store-sale-fixture.ts puts it there when
 * the e2e server starts, since no admin call marks a version for sale yet).
 */
export async function ensureDirxForSale(request: APIRequestContext) {
  const response = await request.get("/api/store/products");
  expect(response.status()).toBe(200);
  const items = (await response.json()) as { product_id: string; version: string; amount: number }[];
  expect(items).toContainEqual(expect.objectContaining({ product_id: DIRX.product_id, version: DIRX.version, amount: DIRX.amount }));
}

/** Adds single-use coupons for dirx 1.0 through the admin API; returns their codes. */
export async function addCoupons(request: APIRequestContext, discount: number, count = 1) {
  const coupons = Array.from({ length: count }, couponCode);
  const response = await request.post("/api/products/coupon/update", {
    headers: adminHeaders,
    data: { product_id: DIRX.product_id, version: DIRX.version, coupons, discount_percentage: discount },
  });
  expect(response.status()).toBe(200);
  return coupons;
}

/** Fills the checkout form (the page is open). */
export async function fillCheckout(page: Page, who: { email: string; name: string; coupon?: string }) {
  await page.getByLabel("E-mail address").fill(who.email);
  await page.getByLabel("Your name").fill(who.name);
  if (who.coupon !== undefined) await page.getByLabel("Coupon code (optional)").fill(who.coupon);
}

export const buyer = (label: string) => ({ email: `${label}-${Date.now()}-${randomInt(1000)}@example.com`, name: "Asha Rao" });

/**
 * gotoHydrated with a longer wait: on a loaded machine (load average ~28 on 2 cores) hydration of
 * the checkout page took longer than the default 5 s expect timeout once.
 */
export async function openHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 30_000 });
  return response;
}
