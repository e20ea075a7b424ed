import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { connectionIsHttps, isHttps } from "./client-ip";

const behindProxy = { TRUST_PROXY: "loopback" };
const direct = { TRUST_PROXY: "" };

describe("connectionIsHttps", () => {
  it("believes TLS on the socket, and X-Forwarded-Proto only from the trusted proxy", () => {
    expect(connectionIsHttps(direct, true, "203.0.113.9", undefined)).toBe(true);
    expect(connectionIsHttps(behindProxy, false, "127.0.0.1", "https")).toBe(true);
    expect(connectionIsHttps(behindProxy, false, "::ffff:127.0.0.1", "https")).toBe(true);
    expect(connectionIsHttps(behindProxy, false, "127.0.0.1", "http")).toBe(false);
    expect(connectionIsHttps(behindProxy, false, "203.0.113.9", "https")).toBe(false);
    expect(connectionIsHttps(direct, false, "127.0.0.1", "https")).toBe(false);
    expect(connectionIsHttps({ TRUST_PROXY: "10.0.0.2" }, false, "10.0.0.2", "https")).toBe(true);
    // Two X-Forwarded-Proto headers are not one proxy's word.
    expect(connectionIsHttps(behindProxy, false, "127.0.0.1", ["https", "https"])).toBe(false);
    expect(connectionIsHttps(behindProxy, false, "127.0.0.1", "https, http")).toBe(false);
  });

  it("gives the Hono request the same answer from its URL, peer and header", async () => {
    const app = new Hono();
    let peer = "127.0.0.1";
    app.get("/", (c) => c.text(String(isHttps(c, behindProxy, peer))));
    const ask = async (url: string, headers: Record<string, string> = {}) => (await app.request(url, { headers })).text();
    expect(await ask("https://example.test/")).toBe("true");
    expect(await ask("http://example.test/", { "X-Forwarded-Proto": "https" })).toBe("true");
    expect(await ask("http://example.test/")).toBe("false");
    peer = "203.0.113.9";
    expect(await ask("http://example.test/", { "X-Forwarded-Proto": "https" })).toBe("false");
  });
});
