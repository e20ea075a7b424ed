import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { adminTotp } from "../../platform/db/schema";

// The clock is the test's: a code is computed by otplib for the same instant the server checks it at.
let clock = Date.parse("2026-11-24T10:00:10Z");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
});
afterAll(() => t.close());

const codeAt = (secret: string, ms = clock) => generate({ secret, epoch: Math.floor(ms / 1000) });
let ipCounter = 0;
const freshIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** A new admin with TOTP enrolled through the API; returns its secret, recovery codes and headers. */
async function enrolledAdmin(email: string) {
  const password = "enrolled admin password 1";
  await t.services.admins.createOrReset(email, password);
  const login = await t.request("/api/admin/login", { method: "POST", json: { email, password }, ip: freshIp() });
  const { auth_token: token } = (await login.json()) as { auth_token: string };
  const headers = { authorization: `Bearer ${token}` };
  const setup = await t.request("/api/admin/mfa/totp/setup", { method: "POST", headers });
  expect(setup.status).toBe(200);
  const { secret, otpauth_url, qr_svg } = (await setup.json()) as { secret: string; otpauth_url: string; qr_svg: string };
  expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  expect(qr_svg).toMatch(/^data:image\/svg\+xml;base64,/);
  const enable = await t.request("/api/admin/mfa/totp/enable", { method: "POST", headers, json: { code: await codeAt(secret) } });
  expect(enable.status).toBe(200);
  const { recovery_codes } = (await enable.json()) as { recovery_codes: string[] };
  clock += 30_000; // the enrolment code's step is used
  return { email, password, secret, recoveryCodes: recovery_codes, headers };
}

async function passwordStep(email: string, password: string, ip: string) {
  const res = await t.request("/api/admin/login", { method: "POST", json: { email, password }, ip });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { status: string; mfa_token: string; methods: string[]; auth_token?: string };
  expect(res.headers.get("set-cookie")).toBeNull();
  return body;
}
const mfaStep = (json: unknown, ip: string) => t.request("/api/admin/login/mfa", { method: "POST", json, ip });

describe("TOTP enrolment", () => {
  it("stores the seed encrypted, refuses a wrong code, and gives 10 distinct recovery codes once", async () => {
    const a = await enrolledAdmin("totp1@example.com");
    expect(a.recoveryCodes).toHaveLength(10);
    expect(new Set(a.recoveryCodes).size).toBe(10);
    const rows = await t.database.db.select().from(adminTotp);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.secretEnc).not.toContain(a.secret);
    // Set up again while enabled: refused, the app in use stays.
    expect((await t.request("/api/admin/mfa/totp/setup", { method: "POST", headers: a.headers })).status).toBe(409);
    const status = await (await t.request("/api/admin/mfa", { headers: a.headers })).json();
    expect(status).toMatchObject({ totp: true, recovery_codes_left: 10, passkeys: [] });
  });

  it("refuses to enable with a wrong code", async () => {
    await t.services.admins.createOrReset("totp2@example.com", "enrolled admin password 1");
    const login = await t.request("/api/admin/login", {
      method: "POST",
      json: { email: "totp2@example.com", password: "enrolled admin password 1" },
      ip: freshIp(),
    });
    const headers = { authorization: `Bearer ${((await login.json()) as { auth_token: string }).auth_token}` };
    const { secret } = (await (await t.request("/api/admin/mfa/totp/setup", { method: "POST", headers })).json()) as { secret: string };
    const wrong = String((Number(await codeAt(secret)) + 1) % 1_000_000).padStart(6, "0");
    const res = await t.request("/api/admin/mfa/totp/enable", { method: "POST", headers, json: { code: wrong } });
    expect(res.status).toBe(400);
    expect((await t.request("/api/admin/mfa/totp/enable", { method: "POST", headers, json: { code: "12ab56" } })).status).toBe(400);
  });
});

describe("two-step login", () => {
  it("asks for the second step with no session, then signs in with a TOTP code once", async () => {
    const a = await enrolledAdmin("totp3@example.com");
    const ip = freshIp();
    const first = await passwordStep(a.email, a.password, ip);
    expect(first).toMatchObject({ status: "mfa_required", methods: ["totp", "recovery_code"] });
    expect(first.auth_token).toBeUndefined();
    const code = await codeAt(a.secret);
    const ok = await mfaStep({ mfa_token: first.mfa_token, code }, ip);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ status: "success", message: "Login successful!" });
    expect(ok.headers.get("set-cookie")).toMatch(/session_id=/);
    // The step token is single-use, and the same code replayed in its window is refused.
    expect((await mfaStep({ mfa_token: first.mfa_token, code }, ip)).status).toBe(401);
    const again = await passwordStep(a.email, a.password, ip);
    expect((await mfaStep({ mfa_token: again.mfa_token, code }, ip)).status).toBe(401);
    // One step of drift is accepted (a fresh step, 30 s behind the server).
    clock += 60_000;
    expect((await mfaStep({ mfa_token: again.mfa_token, code: await codeAt(a.secret, clock - 30_000) }, ip)).status).toBe(200);
  });

  it("refuses a code two steps old and an expired step token", async () => {
    const a = await enrolledAdmin("totp4@example.com");
    const ip = freshIp();
    const first = await passwordStep(a.email, a.password, ip);
    expect((await mfaStep({ mfa_token: first.mfa_token, code: await codeAt(a.secret, clock - 60_000) }, ip)).status).toBe(401);
    clock += 6 * 60_000;
    const late = await mfaStep({ mfa_token: first.mfa_token, code: await codeAt(a.secret) }, ip);
    expect(late.status).toBe(401);
    expect((await late.json()).message).toMatch(/expired/);
    expect((await mfaStep({ mfa_token: "x".repeat(43), code: "123456" }, ip)).status).toBe(401);
    expect((await mfaStep({ mfa_token: first.mfa_token }, ip)).status).toBe(400);
    expect((await mfaStep({ mfa_token: first.mfa_token, code: "123456", recovery_code: "abcd" }, ip)).status).toBe(400);
  });

  it("signs in with a recovery code once", async () => {
    const a = await enrolledAdmin("totp5@example.com");
    const ip = freshIp();
    const first = await passwordStep(a.email, a.password, ip);
    const typed = a.recoveryCodes[3].toUpperCase().replaceAll("-", " ");
    expect((await mfaStep({ mfa_token: first.mfa_token, recovery_code: typed }, ip)).status).toBe(200);
    const second = await passwordStep(a.email, a.password, ip);
    expect((await mfaStep({ mfa_token: second.mfa_token, recovery_code: a.recoveryCodes[3] }, ip)).status).toBe(401);
    expect((await mfaStep({ mfa_token: second.mfa_token, recovery_code: a.recoveryCodes[4] }, ip)).status).toBe(200);
    const status = await (await t.request("/api/admin/mfa", { headers: a.headers })).json();
    expect(status.recovery_codes_left).toBe(8);
  });

  it("counts wrong codes toward the account's lockout, and a known password buys no fresh guesses", async () => {
    const a = await enrolledAdmin("totp6@example.com");
    const ip = freshIp();
    const first = await passwordStep(a.email, a.password, ip); // attempt 1
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await mfaStep({ mfa_token: first.mfa_token, code: "000000" }, ip)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    // Locked for this account from this address, even with the right password and code.
    expect((await t.request("/api/admin/login", { method: "POST", json: { email: a.email, password: a.password }, ip })).status).toBe(429);
    expect((await mfaStep({ mfa_token: first.mfa_token, code: await codeAt(a.secret) }, ip)).status).toBe(429);
    // Another address is not locked out by these guesses.
    const elsewhere = freshIp();
    const fresh = await passwordStep(a.email, a.password, elsewhere);
    expect((await mfaStep({ mfa_token: fresh.mfa_token, code: await codeAt(a.secret) }, elsewhere)).status).toBe(200);
    const failures = await t.services.audit.list({ action: "login.mfa_failure", admin: a.email });
    expect(failures.total).toBe(4);
  });

  it("regenerates recovery codes (old ones stop working) and removing the app ends the second step", async () => {
    const a = await enrolledAdmin("totp7@example.com");
    const regen = await t.request("/api/admin/mfa/recovery-codes", {
      method: "POST",
      headers: a.headers,
      json: { current_password: a.password },
    });
    expect(regen.status).toBe(200);
    const { recovery_codes } = (await regen.json()) as { recovery_codes: string[] };
    expect(recovery_codes).toHaveLength(10);
    const ip = freshIp();
    const first = await passwordStep(a.email, a.password, ip);
    expect((await mfaStep({ mfa_token: first.mfa_token, recovery_code: a.recoveryCodes[0] }, ip)).status).toBe(401);
    expect(
      (await t.request("/api/admin/mfa/totp", { method: "DELETE", headers: a.headers, json: { current_password: a.password } })).status,
    ).toBe(200);
    const login = await t.request("/api/admin/login", { method: "POST", json: { email: a.email, password: a.password }, ip: freshIp() });
    expect(await login.json()).toMatchObject({ status: "success" });
    const actions = (await t.services.audit.list({ admin: a.email, action: "mfa" })).items.map((i) => i.action);
    expect(actions).toEqual(expect.arrayContaining(["mfa.totp_enabled", "mfa.recovery_codes_regenerated", "mfa.totp_removed"]));
  });
});
