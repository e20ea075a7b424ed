import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ADMIN, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UA = { phone: "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36" };

async function loginFrom(ip: string, userAgent?: string) {
  const res = await t.request("/api/admin/login", {
    method: "POST",
    json: TEST_ADMIN,
    ip,
    headers: userAgent ? { "user-agent": userAgent } : {},
  });
  expect(res.status).toBe(200);
  const { auth_token: token } = (await res.json()) as { auth_token: string };
  return { token, headers: { cookie: `session_id=${token}`, "x-requested-with": "XMLHttpRequest" } };
}
const check = async (token: string) => (await t.request("/api/check/auth/admin", { headers: { authorization: `Bearer ${token}` } })).status;

describe("own sessions", () => {
  it("lists the admin's sessions with device and last use, marks the current one, and revokes another", async () => {
    const me = await t.loginAsAdmin();
    const phone = await loginFrom("10.9.0.1", UA.phone);
    const res = await t.request("/api/admin/sessions", { headers: me.headers });
    expect(res.status).toBe(200);
    const { sessions } = (await res.json()) as {
      sessions: { id: number; device: string; current: boolean; client_ip: string; last_used_at: string }[];
    };
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => s.device === "Chrome on Android");
    expect(other).toMatchObject({ client_ip: "10.9.0.1", current: false });
    expect(Date.parse(other!.last_used_at)).toBeGreaterThan(0);
    expect(JSON.stringify(sessions)).not.toContain(phone.token);

    expect(await check(phone.token)).toBe(200);
    const revoke = await t.request(`/api/admin/sessions/${other!.id}`, { method: "DELETE", headers: me.headers });
    expect(revoke.status).toBe(200);
    expect(await check(phone.token)).toBe(401);
    expect((await t.request(`/api/admin/sessions/${other!.id}`, { method: "DELETE", headers: me.headers })).status).toBe(404);
    expect((await t.request(`/api/admin/sessions/not-a-number`, { method: "DELETE", headers: me.headers })).status).toBe(404);
  });

  it("cannot revoke another admin's session", async () => {
    await t.services.admins.createOrReset("ops2@example.com", "another long password 1");
    const otherLogin = await t.request("/api/admin/login", {
      method: "POST",
      json: { email: "ops2@example.com", password: "another long password 1" },
      ip: "10.9.0.2",
    });
    const { auth_token: otherToken } = (await otherLogin.json()) as { auth_token: string };
    const otherSessions = await t.request("/api/admin/sessions", { headers: { authorization: `Bearer ${otherToken}` } });
    const { sessions } = (await otherSessions.json()) as { sessions: { id: number }[] };
    const me = await t.loginAsAdmin();
    expect((await t.request(`/api/admin/sessions/${sessions[0].id}`, { method: "DELETE", headers: me.headers })).status).toBe(404);
    expect(await check(otherToken)).toBe(200);
  });

  it("needs a session and the CSRF marker", async () => {
    expect((await t.request("/api/admin/sessions")).status).toBe(401);
    const me = await t.loginAsAdmin();
    expect((await t.request("/api/admin/sessions/1", { method: "DELETE", headers: { cookie: me.headers.cookie } })).status).toBe(403);
  });
});

describe("POST /api/admin/password", () => {
  it("refuses a wrong current password and a weak new one, changing nothing", async () => {
    const me = await t.loginAsAdmin();
    const wrong = await t.request("/api/admin/password", {
      method: "POST",
      headers: me.headers,
      json: { current_password: "not the password", new_password: "a brand new password 9" },
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toHaveProperty("current_password");
    const weak = await t.request("/api/admin/password", {
      method: "POST",
      headers: me.headers,
      json: { current_password: TEST_ADMIN.password, new_password: "short" },
    });
    expect(weak.status).toBe(400);
    expect((await weak.json()).errors).toHaveProperty("new_password");
    expect((await t.request("/api/admin/password", { method: "POST", headers: me.headers, json: { current_password: 1 } })).status).toBe(
      400,
    );
  });

  it("changes the password, keeps this session and ends the others", async () => {
    const me = await t.loginAsAdmin();
    const other = await loginFrom("10.9.1.1");
    const newPassword = "a brand new password 9";
    const res = await t.request("/api/admin/password", {
      method: "POST",
      headers: me.headers,
      json: { current_password: TEST_ADMIN.password, new_password: newPassword },
    });
    expect(res.status).toBe(200);
    expect(await check(me.token)).toBe(200);
    expect(await check(other.token)).toBe(401);
    expect((await t.request("/api/admin/login", { method: "POST", json: TEST_ADMIN, ip: "10.9.1.2" })).status).toBe(401);
    expect(
      (await t.request("/api/admin/login", { method: "POST", json: { ...TEST_ADMIN, password: newPassword }, ip: "10.9.1.2" })).status,
    ).toBe(200);
    const audit = await t.services.audit.list({ action: "password.change" });
    expect(audit.items[0]).toMatchObject({ action: "password.change", admin_email: TEST_ADMIN.email });
  });

  it("throttles guesses at the current password from a session", async () => {
    await t.services.admins.createOrReset("zq@example.com", "some long password 5");
    const login = await t.request("/api/admin/login", {
      method: "POST",
      json: { email: "zq@example.com", password: "some long password 5" },
      ip: "10.9.2.1",
    });
    const { auth_token: token } = (await login.json()) as { auth_token: string };
    const headers = { authorization: `Bearer ${token}` };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.request("/api/admin/password", {
        method: "POST",
        headers,
        json: { current_password: `guess ${i}`, new_password: "whatever long password 7" },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
