import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { originMatches } from "./origin";

describe("originMatches", () => {
  const config = { PUBLIC_ORIGIN: undefined };
  it("refuses a browser's Sec-Fetch-Site: cross-site like a foreign Origin, with or without an Origin", () => {
    expect(originMatches(undefined, "shop.test", config, "cross-site")).toBe(false);
    expect(originMatches("http://shop.test", "shop.test", config, "Cross-Site")).toBe(false);
    expect(originMatches("https://evil.test", "shop.test", config, undefined)).toBe(false);
  });

  it("lets through this site's own posts, a typed address, and clients that send neither header", () => {
    for (const site of ["same-origin", "none", null, undefined]) expect(originMatches(undefined, "shop.test", config, site)).toBe(true);
    expect(originMatches("http://shop.test", "shop.test", config, "same-origin")).toBe(true);
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the same-origin rule for writes", () => {
  const form = () => new URLSearchParams({ name: "Fetch Site", email: "site@example.com", message: "Checking the fetch-site rule." });

  it("a page form post with Sec-Fetch-Site: cross-site and no Origin is a 403, as one with a foreign Origin", async () => {
    for (const headers of [{ "sec-fetch-site": "cross-site" }, { origin: "https://evil.test" }] as Record<string, string>[]) {
      const res = await t.request("/login", {
        method: "POST",
        body: form(),
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain("This form must be sent from this site.");
    }
  });

  it("the API too; a same-origin post is taken", async () => {
    const post = (headers: Record<string, string>) =>
      t.request("/api/contact-general", {
        method: "POST",
        body: form(),
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      });
    expect((await post({ "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await post({ "sec-fetch-site": "same-origin" })).status).toBe(201);
  });
});
