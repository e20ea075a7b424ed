import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { randomInt } from "node:crypto";
import { adminHeaders } from "./admin-fixtures";

/** The version the store specs sell: dirx 1.0 at ₹1,499.00, as on a real first install. */
export const DIRX = { product_id: "dirx", product_name: "dirx", version: "1.0", amount: 1499, price: "₹1,499.00" };

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** A fresh coupon code of the server's default form (ONI + 10 characters). */
export const couponCode = () => `ONI${Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("")}`;

/**
 * Puts dirx 1.0 on sale through the admin API (the e2e server starts with an empty database). Both
 * Playwright projects share one server, so an existing version (409) is fine.
 */
export async function ensureDirxForSale(request: APIRequestContext) {
  const created = await request.post("/api/oni/add/product/version", {
    headers: adminHeaders,
    data: {
      product_id: DIRX.product_id,
      product_name: DIRX.product_name,
      version: DIRX.version,
      os: ["mac", "linux"],
      ram: "4 GB",
      gpu: "Not required",
      processor: "64-bit dual core",
      storage: "150 MB",
      network: "Internet for updates",
      amount: DIRX.amount,
    },
  });
  expect([201, 409]).toContain(created.status());
  const list = await request.get(`/api/admin/product-versions?product_id=${DIRX.product_id}`, { headers: adminHeaders });
  expect(list.status()).toBe(200);
  const { items } = (await list.json()) as { items: { id: number; version: string; for_sale: boolean }[] };
  const version = items.find((v) => v.version === DIRX.version);
  expect(version).toBeDefined();
  if (!version!.for_sale) {
    const patched = await request.patch(`/api/admin/product-versions/${version!.id}`, { headers: adminHeaders, data: { for_sale: true } });
    expect(patched.status()).toBe(200);
  }
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
