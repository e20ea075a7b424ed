import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { testConfig } from "../platform/config";
import { openApiDocument } from "./openapi";
import { API_TAGS } from "./operation";
import { API_OPERATIONS } from "./operations";

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
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops as object).map((m) => `${m} ${path}`));
    expect(documented.sort()).toEqual(API_OPERATIONS.map((op) => `${op.method} /api${op.path}`).sort());
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

describe("the declared operations (server/api/operations.ts)", () => {
  it("are exactly the routes the router mounts under /api", () => {
    const routed = t.app.routes
      .filter((r) => r.path.startsWith("/api/") && r.method !== "ALL")
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`);
    expect(new Set(routed)).toEqual(new Set(API_OPERATIONS.map((op) => `${op.method.toUpperCase()} /api${op.path}`)));
  });

  it("each have a unique operationId, known tags, a summary and a description", () => {
    const ids = API_OPERATIONS.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of API_OPERATIONS) {
      expect(op.operationId, op.path).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(op.tags.length, op.operationId).toBeGreaterThan(0);
      for (const tag of op.tags) expect(Object.keys(API_TAGS)).toContain(tag);
      expect(op.summary.length, op.operationId).toBeGreaterThan(5);
      expect(op.description.length, op.operationId).toBeGreaterThan(10);
    }
  });
});

describe("the session cookie in the document", () => {
  it("is the name the server reads: __Host-session_id on an HTTPS deployment, session_id on plain HTTP", () => {
    const name = (publicOrigin: string) =>
      openApiDocument(API_OPERATIONS, { ...testConfig(), publicOrigin }).components.securitySchemes.sessionCookie.name;
    expect(name("https://www.example.com")).toBe("__Host-session_id");
    expect(name("http://127.0.0.1:3000")).toBe("session_id");
  });
});
