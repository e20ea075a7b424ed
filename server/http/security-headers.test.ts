import { describe, expect, it } from "vitest";
import { pageContentSecurityPolicy } from "./security-headers";

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
});
