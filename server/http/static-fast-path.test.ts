import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticFastPath } from "./static-fast-path";
import { loadStaticFiles } from "./static-files";

let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "fast-path-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "index.html"), `<!doctype html><script>window.x=1</script>${"<p>page</p>".repeat(100)}`);
  writeFileSync(path.join(dir, "assets/app-1.js"), "console.log(1);".repeat(100));
  mkdirSync(path.join(dir, "Blog"));
  writeFileSync(path.join(dir, "Blog/index.html"), "<!doctype html><p>blog</p>");
  const files = loadStaticFiles(dir);
  server = createServer(
    staticFastPath(files, { TRUST_PROXY: "loopback", LOG_REQUESTS: false }, (_req, res) => res.writeHead(299).end("next")),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("staticFastPath", () => {
  it("sends another case of a page's path to the page's own path with a 301, query kept; assets stay exact", async () => {
    const res = await fetch(`${base}/blog?x=1`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/Blog?x=1");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await fetch(`${base}/Blog`)).status).toBe(200);
    expect((await fetch(`${base}/ASSETS/app-1.js`)).status).toBe(299);
  });

  it("serves a prerendered page with its hash CSP, the security headers and a request id", async () => {
    const res = await fetch(`${base}/?utm=1`, { headers: { "Accept-Encoding": "identity" } });
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
    const br = await fetch(`${base}/assets/app-1.js`, { headers: { "Accept-Encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(await br.text()).toBe("console.log(1);".repeat(100));
    const again = await fetch(`${base}/assets/app-1.js`, {
      headers: { "If-None-Match": br.headers.get("etag")!, "X-Forwarded-Proto": "https" },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("strict-transport-security")).toMatch(/max-age=/);
  });

  it("hands everything else to the app: unknown paths, index.html by name, and non-GET methods", async () => {
    expect((await fetch(`${base}/nope`)).status).toBe(299);
    expect((await fetch(`${base}/index.html`)).status).toBe(299);
    expect((await fetch(`${base}/`, { method: "POST", body: "x" })).status).toBe(299);
    const head = await fetch(`${base}/`, { method: "HEAD" });
    expect(head.status).toBe(200);
  });
});
