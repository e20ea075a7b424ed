import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/openapi.json", () => {
  it("documents every call with its success and error answers", async () => {
    const res = await t.request("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    const expected = [
      ["post", "/api/contact-general"],
      ["post", "/api/admin/login"],
      ["get", "/api/check/auth/admin"],
      ["post", "/api/admin/logout"],
      ["get", "/api/admin/messages"],
      ["patch", "/api/admin/messages/{id}"],
      ["get", "/api/oni/dashboard"],
      ["post", "/api/oni/add/product/version"],
      ["post", "/api/products/informations"],
      ["post", "/api/products/version/details"],
      ["post", "/api/products/coupon/update"],
      ["post", "/api/products/version/patch/create"],
      ["get", "/api/products/version/patches"],
      ["post", "/api/devquests"],
      ["get", "/api/devquests"],
    ];
    for (const [method, path] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    const addVersion = doc.paths["/api/oni/add/product/version"].post;
    expect(Object.keys(addVersion.requestBody.content)).toEqual([
      "application/json",
      "application/x-www-form-urlencoded",
      "multipart/form-data",
    ]);
    expect(addVersion.requestBody.content["application/json"].schema.required).toEqual(
      expect.arrayContaining(["product_id", "version", "os"]),
    );
    expect(Object.keys(addVersion.responses)).toEqual(expect.arrayContaining(["201", "400", "401", "403", "409", "415"]));
    const coupons = doc.paths["/api/products/coupon/update"].post.requestBody.content["application/json"].schema.properties.coupons;
    expect(coupons.items.pattern).toBe("^ONI[A-Za-z0-9]{10}$");
    expect(JSON.stringify(doc)).not.toContain("$schema");
    expect(doc.components.responses.E400.content["application/json"].schema.properties.errors).toBeDefined();
  });
});
