import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, stopServer, type RunningServer } from "./helpers/server";

// Two holes this closes: a page on another origin could post the contact form to the API
// (stored, 201), and /api answers (the login's auth_token among them) carried no Cache-Control.
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  if (server) await stopServer(server);
});

const fields = { name: "Origin Check", email: "origin@example.com", message: "Posted to check the same-origin rule." };

describe("same-origin rule on POST /api/contact-general", () => {
  it("refuses a cross-site urlencoded form post (403)", async () => {
    const res = await fetch(`${server.url}/api/contact-general`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams(fields).toString(),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ status: "error" });
  });

  it("refuses a cross-site JSON post and an opaque (null) origin", async () => {
    for (const origin of ["https://evil.example", "null"]) {
      const res = await fetch(`${server.url}/api/contact-general`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify(fields),
      });
      expect(res.status).toBe(403);
    }
  });

  it("takes a same-origin JSON post from the site's own page, and one without Origin (curl)", async () => {
    for (const headers of [{ origin: server.url }, {}] as Record<string, string>[]) {
      const res = await fetch(`${server.url}/api/contact-general`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(fields),
      });
      expect(res.status).toBe(201);
    }
  });

  it("the no-JS form keeps working through its page action", async () => {
    const res = await fetch(`${server.url}/contact/sent`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams(fields).toString(),
    });
    expect(res.status).toBe(200);
  });
});

describe("Cache-Control on /api answers", () => {
  const privateCalls: [string, RequestInit][] = [
    [
      "/api/admin/login",
      { method: "POST", headers: { "content-type": "application/json" }, body: '{"email":"a@b.co","password":"wrong one"}' },
    ],
    ["/api/check/auth/admin", {}],
    ["/api/oni/dashboard", {}],
    ["/api/admin/messages", {}],
    ["/api/contact-general", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(fields) }],
    ["/api/contact-general", { method: "POST", headers: { "content-type": "application/json" }, body: "{" }],
    ["/api/no-such-thing", {}],
  ];
  for (const [path, init] of privateCalls) {
    it(`${init.method ?? "GET"} ${path} ${init.body === "{" ? "(bad JSON) " : ""}is no-store`, async () => {
      const res = await fetch(`${server.url}${path}`, init);
      expect(res.headers.get("cache-control")).toBe("no-store");
    });
  }

  it("the public quest list and the OpenAPI document may be cached", async () => {
    for (const path of ["/api/devquests", "/api/openapi.json"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).not.toContain("no-store");
    }
  });
});
