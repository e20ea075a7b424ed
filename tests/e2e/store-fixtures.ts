import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { randomInt } from "node:crypto";
import { adminHeaders } from "./admin-fixtures";

/** The version the store specs sell: dirx 1.0 at ₹1,499.00, as on a real first install. */
export const DIRX = { product_id: "dirx", product_name: "dirx", version: "1.0", amount: 1499, price: "₹1,499.00" };

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** A fresh coupon code of the server's default form (ONI + 10 characters). */
export const couponCode = () => `ONI${Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("")}`;

/** dirx 1.0 as the admin adds it on a real first install (the store specs buy it). */
export const DIRX_VERSION = {
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
  features: ["Directory brute force"],
};

/**
 * Puts dirx 1.0 on sale at ₹1,499.00 the way an admin does, through the admin API (the request
 * carries the signed-in admin's cookie): adds the version if this server's fresh database lacks it,
 * then PATCH /api/admin/product-versions/:id marks it for sale at that price. Idempotent, so every
 * store test can call it first; the store's own list must then show it.
 */
export async function ensureDirxForSale(request: APIRequestContext) {
  const onSale = async () => {
    const response = await request.get("/api/store/products");
    expect(response.status()).toBe(200);
    const items = (await response.json()) as { product_id: string; version: string; amount: number }[];
    return items.some((i) => i.product_id === DIRX.product_id && i.version === DIRX.version && i.amount === DIRX.amount);
  };
  if (await onSale()) return;
  const find = async () => {
    const response = await request.get(`/api/admin/product-versions?product_id=${DIRX.product_id}&archived=include`);
    expect(response.status()).toBe(200);
    return ((await response.json()) as { items: { id: number; version: string }[] }).items.find((v) => v.version === DIRX.version);
  };
  let version = await find();
  if (!version) {
    const added = await request.post("/api/oni/add/product/version", { headers: adminHeaders, data: DIRX_VERSION });
    expect(added.status()).toBe(201);
    version = await find();
  }
  expect(version, "dirx 1.0 in the admin's version list").toBeTruthy();
  const patched = await request.patch(`/api/admin/product-versions/${version!.id}`, {
    headers: adminHeaders,
    data: { for_sale: true, amount: DIRX.amount, archived: false },
  });
  expect(patched.status()).toBe(200);
  expect(await onSale()).toBe(true);
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
