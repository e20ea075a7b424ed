import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, stopServer, type RunningServer } from "./helpers/server";

// Security headers on the real bundled server (SSR and prerendered pages).
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: "loopback" } });
});
afterAll(async () => {
  if (server) await stopServer(server);
});

function scriptSrc(csp: string): string {
  return csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
}

describe("security headers", () => {
  it("SSR page /login uses a nonce, no unsafe-inline", async () => {
    const res = await fetch(`${server.url}/login`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(scriptSrc(csp)).toContain("'nonce-");
    expect(scriptSrc(csp)).not.toContain("'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBeTruthy();
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("prerendered / uses sha256 hashes, no unsafe-inline", async () => {
    const res = await fetch(`${server.url}/`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(scriptSrc(csp)).toContain("'sha256-");
    expect(scriptSrc(csp)).not.toContain("'unsafe-inline'");
  });

  it("HSTS only over forwarded https", async () => {
    const res = await fetch(`${server.url}/login`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(res.headers.get("strict-transport-security")).toBeTruthy();
  });
});
