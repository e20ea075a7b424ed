import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ADMIN, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.services.admins.createOrReset(TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(() => t.close());

const login = (json: unknown, ip = "10.0.0.1") => t.request("/api/admin/login", { method: "POST", json, ip });

describe("POST /api/admin/login", () => {
  it("logs in with the right password and sets an HttpOnly session cookie", async () => {
    const res = await login(TEST_ADMIN);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: "success", message: "Login successful!" });
    expect(body.auth_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`session_id=${body.auth_token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
  });

  it("gives the same 401 for an unknown e-mail and a wrong password", async () => {
    const wrong = await login({ email: TEST_ADMIN.email, password: "nope-nope-nope" }, "10.0.0.2");
    const unknown = await login({ email: "nobody@example.com", password: "nope-nope-nope" }, "10.0.0.2");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it("answers 400 with field errors for malformed input and 415 for a non-JSON body", async () => {
    const bad = await login({ email: "not-an-email", password: 5 });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.status).toBe("error");
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(["email", "password"]));
    const form = await t.request("/api/admin/login", { method: "POST", body: "email=a", headers: { "content-type": "text/plain" } });
    expect(form.status).toBe(415);
    const broken = await t.request("/api/admin/login", { method: "POST", body: "{", headers: { "content-type": "application/json" } });
    expect(broken.status).toBe(400);
  });

  it("locks an account for one IP after 5 failures, without locking it for another IP", async () => {
    const ip = "10.0.1.1";
    for (let i = 0; i < 5; i++) expect((await login({ email: TEST_ADMIN.email, password: "wrong-password" }, ip)).status).toBe(401);
    const locked = await login(TEST_ADMIN, ip);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await login(TEST_ADMIN, "10.0.1.2")).status).toBe(200);
  });

  it("counts parallel guesses atomically: never more than 5 are checked", async () => {
    const ip = "10.0.2.1";
    const results = await Promise.all(Array.from({ length: 12 }, () => login({ email: TEST_ADMIN.email, password: "wrong-password" }, ip)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it("allows at most 10 login posts per minute from one IP", async () => {
    // The limit counts per fixed minute: a clock held mid-minute keeps a slow run from crossing into the next one.
    const held = await createTestApp({ now: () => new Date("2026-06-01T10:00:30Z") });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const answer = await held.request("/api/admin/login", {
          method: "POST",
          json: { email: `user${i}@example.com`, password: "whatever-pass" },
          ip: "10.0.3.1",
        });
        statuses.push(answer.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await held.close();
    }
  });

  it("takes the per-IP limit from LOGIN_RATE_LIMIT", async () => {
    const strict = await createTestApp({ config: { LOGIN_RATE_LIMIT: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const json = { email: `user${i}@example.com`, password: "whatever-pass" };
        statuses.push((await strict.request("/api/admin/login", { method: "POST", json, ip: "10.0.4.1" })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe("session check and logout", () => {
  it("checks a session from the cookie or the Authorization header, and logout revokes it", async () => {
    const { token } = await t.loginAsAdmin();
    expect((await t.request("/api/check/auth/admin")).status).toBe(401);
    const viaCookie = await t.request("/api/check/auth/admin", { headers: { cookie: `session_id=${token}` } });
    expect(viaCookie.status).toBe(200);
    expect(await viaCookie.json()).toEqual({ status: "success", admin: { email: TEST_ADMIN.email } });
    expect((await t.request("/api/check/auth/admin", { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await t.request("/api/check/auth/admin", { headers: { authorization: token } })).status).toBe(200);

    // Cookie-only change without the marker header is refused (CSRF rule).
    expect((await t.request("/api/admin/logout", { method: "POST", headers: { cookie: `session_id=${token}` } })).status).toBe(403);
    const evilOrigin = await t.request("/api/admin/logout", {
      method: "POST",
      headers: { cookie: `session_id=${token}`, "x-requested-with": "XMLHttpRequest", origin: "https://evil.example" },
    });
    expect(evilOrigin.status).toBe(403);

    const out = await t.request("/api/admin/logout", {
      method: "POST",
      headers: { cookie: `session_id=${token}`, "x-requested-with": "XMLHttpRequest" },
    });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/session_id=;/);
    expect((await t.request("/api/check/auth/admin", { headers: { authorization: token } })).status).toBe(401);
  });

  it("over https sets __Host-session_id (Secure) and logout clears that very cookie", async () => {
    const json = { "content-type": "application/json", "x-test-peer": "10.0.4.1" };
    const res = await t.app.request("https://localhost/api/admin/login", {
      method: "POST",
      headers: json,
      body: JSON.stringify(TEST_ADMIN),
    });
    expect(res.status).toBe(200);
    const token = ((await res.json()) as { auth_token: string }).auth_token;
    expect(res.headers.get("set-cookie")).toMatch(new RegExp(`^__Host-session_id=${token};.*Secure`));
    const out = await t.app.request("https://localhost/api/admin/logout", {
      method: "POST",
      headers: { cookie: `__Host-session_id=${token}`, "x-requested-with": "XMLHttpRequest" },
    });
    expect(out.status).toBe(200);
    const cleared = out.headers.getSetCookie();
    // Was "__Host-__Host-session_id=": the browser kept the real cookie.
    expect(cleared.find((c) => c.startsWith("__Host-session_id=;"))).toMatch(/Max-Age=0.*Path=\/.*Secure/);
    expect(cleared.every((c) => /^(__Host-)?session_id=;/.test(c))).toBe(true);
  });
});
