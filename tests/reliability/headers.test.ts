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
  it("a page rendered per request uses a nonce, no unsafe-inline", async () => {
    const res = await fetch(`${server.url}/checkout/dirx`);
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

  // Held by the page cache: rendered once for every visitor, so its inline scripts go by hash too.
  // (dirx's release notes are not here: on a fresh database dirx has no published release, a 404 the cache does not keep.)
  it("cached /login and the dirx page use sha256 hashes, no nonce, no unsafe-inline", async () => {
    for (const path of ["/login", "/products/cyber/webtools/dirx"]) {
      const res = await fetch(`${server.url}${path}`);
      const csp = scriptSrc(res.headers.get("content-security-policy") ?? "");
      expect(res.headers.get("etag"), path).toBeTruthy();
      expect(csp, path).toContain("'sha256-");
      expect(csp, path).not.toContain("'nonce-");
      expect(csp, path).not.toContain("'unsafe-inline'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("HSTS only over forwarded https", async () => {
    const res = await fetch(`${server.url}/login`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(res.headers.get("strict-transport-security")).toBeTruthy();
  });

  it("Razorpay's checkout page alone keeps its popups' opener and allows checkout.razorpay.com, and only with that provider", async () => {
    const coop = (res: Response) => res.headers.get("cross-origin-opener-policy");
    const csp = (res: Response) => res.headers.get("content-security-policy") ?? "";
    // The test provider: no page loads Razorpay, every page keeps COOP same-origin.
    const sandbox = await fetch(`${server.url}/checkout/dirx`);
    expect(coop(sandbox)).toBe("same-origin");
    expect(csp(sandbox)).not.toContain("razorpay");

    const razorpay = await startServer({
      env: {
        PAYMENT_PROVIDER: "razorpay",
        RAZORPAY_KEY_ID: "rzp_test_headers",
        RAZORPAY_KEY_SECRET: "key-secret-headers-test",
        RAZORPAY_WEBHOOK_SECRET: "webhook-secret-headers-test",
      },
    });
    try {
      const checkout = await fetch(`${razorpay.url}/checkout/dirx`);
      expect(coop(checkout)).toBe("same-origin-allow-popups");
      expect(scriptSrc(csp(checkout))).toContain("https://checkout.razorpay.com");
      expect(csp(checkout)).toMatch(/frame-src [^;]*https:\/\/checkout\.razorpay\.com/);
      for (const path of ["/checkout/test-pay?order=1", "/checkout/receipt/1?token=x", "/login", "/"]) {
        const other = await fetch(`${razorpay.url}${path}`);
        expect(coop(other), path).toBe("same-origin");
        expect(csp(other), path).not.toContain("razorpay");
      }
    } finally {
      await stopServer(razorpay);
    }
  });
});
