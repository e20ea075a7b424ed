import { describe, expect, it } from "vitest";
import { RAZORPAY_SOURCES, isRazorpayCheckoutPath, pageContentSecurityPolicy } from "./security-headers";

const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `));

describe("pageContentSecurityPolicy", () => {
  it("lets only this response's nonce run scripts in production", () => {
    const csp = pageContentSecurityPolicy("abc123", false);
    expect(directive(csp, "script-src")).toBe("script-src 'self' 'nonce-abc123'");
    expect(directive(csp, "connect-src")).toBe("connect-src 'self'");
    expect(directive(csp, "default-src")).toBe("default-src 'self'");
  });

  it("lets Vite's inline preamble and HMR WebSocket work in development", () => {
    const csp = pageContentSecurityPolicy("abc123", true);
    // A nonce would make browsers ignore 'unsafe-inline', so development has none.
    expect(directive(csp, "script-src")).toBe("script-src 'self' 'unsafe-inline'");
    expect(directive(csp, "connect-src")).toBe("connect-src 'self' ws: wss:");
    expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
  });

  it("adds Razorpay's hosts only when asked, and keeps the nonce", () => {
    const csp = pageContentSecurityPolicy("abc123", false, RAZORPAY_SOURCES);
    expect(directive(csp, "script-src")).toBe("script-src 'self' 'nonce-abc123' https://checkout.razorpay.com");
    expect(directive(csp, "frame-src")).toBe(
      "frame-src https://www.youtube-nocookie.com https://api.razorpay.com https://checkout.razorpay.com",
    );
    expect(directive(csp, "connect-src")).toBe("connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com");
    expect(directive(csp, "img-src")).toBe("img-src 'self' data: https://cdn.razorpay.com");
    expect(pageContentSecurityPolicy("abc123", false)).not.toContain("razorpay");
  });

  it("knows the checkout page from the sandbox and the receipt", () => {
    for (const path of ["/checkout/dirx", "/checkout/passive-pass/"]) expect(isRazorpayCheckoutPath(path)).toBe(true);
    for (const path of ["/checkout/test-pay", "/checkout/receipt/12", "/checkout/", "/checkout/dirx/x", "/products/cyber/webtools/dirx"])
      expect(isRazorpayCheckoutPath(path)).toBe(false);
  });
});
