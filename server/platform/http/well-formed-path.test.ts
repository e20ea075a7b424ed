import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a path with a malformed percent-encoding", () => {
  it.each(["/products/%E0%A4%A", "/%", "/dashboard/%zz", "/blog/%C0%AF"])("%s answers 400 before any route", async (path) => {
    const res = await t.request(path);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("The address has a broken percent-encoding.");
  });

  it("an /api path gets the JSON error shape", async () => {
    const res = await t.request("/api/admin/messages/%E0%A4%A");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ status: "error", message: "The address has a broken percent-encoding." });
  });

  it("well-formed encodings, and a broken one in the query only, pass on", async () => {
    expect((await t.request("/healthz?q=%E0%A4%A")).status).toBe(200);
    expect((await t.request("/api/no%20such")).status).toBe(404);
  });
});
