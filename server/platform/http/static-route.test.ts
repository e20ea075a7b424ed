import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Context } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/helpers/test-db";
import { createApp } from "../../app";
import { testConfig } from "../config";
import type { Database } from "../db/client";
import { createServices } from "../../services";
import { loadStaticFiles } from "./static-files";

let dir: string;
let database: Database;
let request: (path: string, init?: RequestInit) => Promise<Response>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "static-route-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "index.html"), `<!doctype html><script>window.x=1</script>${"<p>page</p>".repeat(100)}`);
  writeFileSync(path.join(dir, "assets/app-1.js"), "console.log(1);".repeat(100));
  mkdirSync(path.join(dir, "Blog"));
  writeFileSync(path.join(dir, "Blog/index.html"), "<!doctype html><p>blog</p>");
  database = await createTestDatabase();
  const config = testConfig({ TRUST_PROXY: "loopback" });
  const services = createServices(database.db, config);
  const app = createApp({ config, database, services, staticFiles: loadStaticFiles(dir), peerAddress: (_c: Context) => "127.0.0.1" });
  request = async (p, init) => app.request(`http://localhost${p}`, init);
});

afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

// Pages and assets go through the same Hono pipeline as the API: the app's middleware adds the
// request id and the security headers.
describe("staticRoute in the app", () => {
  it("sends another case of a page's path to the page's own path with a 301, query kept; assets stay exact", async () => {
    const res = await request("/blog?x=1", { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/Blog?x=1");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await request("/Blog")).status).toBe(200);
    expect((await request("/ASSETS/app-1.js")).status).toBe(404);
  });

  it("serves a prerendered page with its hash CSP, the security headers and a request id", async () => {
    const res = await request("/?utm=1", { headers: { "Accept-Encoding": "identity" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-/);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("strict-transport-security")).toBeNull();
    const body = await res.text();
    expect(Number(res.headers.get("content-length"))).toBe(Buffer.byteLength(body));
  });

  it("sends brotli when accepted, 304 on a matching ETag, and HSTS behind a trusted HTTPS proxy", async () => {
    const br = await request("/assets/app-1.js", { headers: { "Accept-Encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    const again = await request("/assets/app-1.js", {
      headers: { "If-None-Match": br.headers.get("etag")!, "X-Forwarded-Proto": "https" },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("strict-transport-security")).toMatch(/max-age=/);
  });

  it("leaves unknown paths, index.html by name and other methods to the rest of the app; HEAD has no body", async () => {
    expect((await request("/nope")).status).toBe(404);
    expect((await request("/index.html")).status).toBe(404);
    expect((await request("/", { method: "POST", body: "x" })).status).not.toBe(200);
    const head = await request("/", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });
});
