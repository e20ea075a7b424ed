import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { API_OPERATIONS } from "./operations";
import { honoPath } from "./router";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a known /api path with a method it does not take", () => {
  it.each([
    ["PUT", "/api/contact-general", "POST"],
    ["GET", "/api/contact-general", "POST"],
    ["DELETE", "/api/check/auth/admin", "GET, HEAD"],
    ["POST", "/api/openapi.json", "GET, HEAD"],
    ["PUT", "/api/admin/messages/7", "PATCH, DELETE"],
  ])("%s %s answers 405 with Allow: %s", async (method, path, allow) => {
    const res = await t.request(path, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ status: "error", message: expect.stringContaining(method) });
  });

  it("lists exactly the declared methods of every operation's path", async () => {
    for (const op of API_OPERATIONS) {
      const path = `/api${honoPath(op.path).replace(/:\w+/g, "1")}`;
      const declared = new Set(API_OPERATIONS.filter((o) => honoPath(o.path) === honoPath(op.path)).map((o) => o.method.toUpperCase()));
      const unused = ["PUT", "PATCH", "DELETE", "POST"].find((m) => !declared.has(m));
      if (!unused) continue;
      const res = await t.request(path, { method: unused });
      expect(res.status, `${unused} ${path}`).toBe(405);
      for (const method of declared) expect(res.headers.get("allow"), path).toContain(method);
    }
  });

  it("an unknown path still answers 404", async () => {
    for (const method of ["GET", "PUT", "DELETE"]) {
      const res = await t.request("/api/no-such-thing", { method });
      expect(res.status).toBe(404);
      expect(res.headers.get("allow")).toBeNull();
      expect(await res.json()).toEqual({ status: "error", message: "There is no such API endpoint." });
    }
  });
});
