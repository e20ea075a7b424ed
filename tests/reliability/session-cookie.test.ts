import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_ABSOLUTE_MS } from "../../server/features/identity/auth";
import { createTestApp, TEST_ADMIN, type TestApp } from "../helpers/test-app";

// The session cookie's flags: HttpOnly, SameSite=Lax, Path=/, Secure and the
// __Host- name over HTTPS (behind the trusted proxy), no lifetime beyond the absolute session expiry;
// logout clears exactly the cookie that login set.
let t: TestApp;
const figures: string[] = [];
beforeAll(async () => {
  // The test peer is 127.0.0.1, so "loopback" makes X-Forwarded-Proto believed.
  t = await createTestApp({ config: { TRUST_PROXY: "loopback" } });
  await t.services.admins.createOrReset(TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(async () => {
  console.log(["| cookie check | result |", "| --- | --- |", ...figures].join("\n"));
  await t.close();
});

type Cookie = { name: string; value: string; attrs: Map<string, string> };

function parseSetCookie(header: string): Cookie {
  const [pair, ...rest] = header.split(";").map((s) => s.trim());
  const eq = pair.indexOf("=");
  const attrs = new Map<string, string>();
  for (const a of rest) {
    const i = a.indexOf("=");
    attrs.set((i < 0 ? a : a.slice(0, i)).toLowerCase(), i < 0 ? "" : a.slice(i + 1));
  }
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attrs };
}

const setCookies = (res: Response) => res.headers.getSetCookie().map(parseSetCookie);

/** Seconds the browser would keep the cookie: Max-Age wins over Expires (RFC 6265 5.3). */
function lifetimeSeconds(c: Cookie, sentAt: number): number {
  if (c.attrs.has("max-age")) return Number(c.attrs.get("max-age"));
  if (c.attrs.has("expires")) return (Date.parse(c.attrs.get("expires") ?? "") - sentAt) / 1000;
  return 0; // a session cookie: gone when the browser closes
}

async function login(https: boolean, ip = "127.0.0.1") {
  const headers: Record<string, string> = https ? { "x-forwarded-proto": "https" } : {};
  const sentAt = Date.now();
  const res = await t.request("/api/admin/login", { method: "POST", json: TEST_ADMIN, headers, ip });
  expect(res.status).toBe(200);
  const { auth_token: token } = (await res.json()) as { auth_token: string };
  const cookies = setCookies(res);
  expect(cookies).toHaveLength(1);
  return { token, cookie: cookies[0], sentAt, headers };
}

async function logout(cookieName: string, token: string, extra: Record<string, string>) {
  const res = await t.request("/api/admin/logout", {
    method: "POST",
    headers: { ...extra, cookie: `${cookieName}=${token}`, "x-requested-with": "XMLHttpRequest" },
  });
  expect(res.status).toBe(200);
  return setCookies(res);
}

describe.each([
  { scheme: "http", https: false, name: "session_id" },
  { scheme: "https (X-Forwarded-Proto from the trusted proxy)", https: true, name: "__Host-session_id" },
])("session cookie over $scheme", ({ https, name }) => {
  it("is HttpOnly, SameSite=Lax, Path=/, Secure only over https, never outliving the absolute lifetime", async () => {
    const { token, cookie, sentAt } = await login(https);
    expect(cookie.name).toBe(name);
    expect(cookie.value).toBe(token);
    expect(cookie.attrs.has("httponly")).toBe(true);
    expect(cookie.attrs.get("samesite")?.toLowerCase()).toBe("lax");
    expect(cookie.attrs.get("path")).toBe("/");
    expect(cookie.attrs.has("secure")).toBe(https);
    expect(cookie.attrs.has("domain")).toBe(false); // __Host- forbids it; without it the cookie stays on this host
    const lifetime = lifetimeSeconds(cookie, sentAt);
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(SESSION_ABSOLUTE_MS / 1000);
    if (cookie.attrs.has("expires"))
      expect(Date.parse(cookie.attrs.get("expires") ?? "")).toBeLessThanOrEqual(sentAt + SESSION_ABSOLUTE_MS + 1000);
    figures.push(`| ${name} flags | ${[...cookie.attrs.keys()].join(", ")}; lifetime ${lifetime} s |`);
  });

  it("is cleared by logout under the same name, path and Secure flag, and the session is revoked", async () => {
    const { token, headers } = await login(https);
    const cleared = await logout(name, token, headers);
    const same = cleared.find((c) => c.name === name);
    expect(same, `logout must clear ${name}; it sent ${cleared.map((c) => c.name).join(", ")}`).toBeDefined();
    expect(same?.value).toBe("");
    expect(Number(same?.attrs.get("max-age"))).toBe(0);
    expect(same?.attrs.get("path")).toBe("/");
    expect(same?.attrs.has("secure")).toBe(https); // a browser ignores a __Host- cookie without Secure, so it would not be cleared
    for (const c of cleared) expect(c.name).toMatch(/^(__Host-)?session_id$/);
    const check = await t.request("/api/check/auth/admin", { headers: { authorization: token } });
    expect(check.status).toBe(401);
    figures.push(`| ${name} logout | cleared (${cleared.map((c) => c.name).join(", ")}), session revoked |`);
  });
});

describe("X-Forwarded-Proto from a peer that is not the trusted proxy", () => {
  it("is ignored: plain session_id, no Secure", async () => {
    const { cookie } = await login(true, "203.0.113.9");
    expect(cookie.name).toBe("session_id");
    expect(cookie.attrs.has("secure")).toBe(false);
    figures.push("| forged X-Forwarded-Proto from an untrusted peer | ignored (session_id, no Secure) |");
  });
});
