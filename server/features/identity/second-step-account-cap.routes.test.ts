import { generate } from "otplib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { softAuthenticator } from "../../../tests/helpers/soft-authenticator";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { MAX_SECOND_STEP_FAILURES } from "./login-throttle";

// The second step's lockout counted per (account, address) only: 5 wrong codes from each of many
// addresses, then the right one from another, signed in. An account-wide cap closes that, for codes
// and for passkeys answering the second step alike.
let clock = Date.parse("2026-11-24T12:00:00Z");
let t: TestApp;
let secret: string;
const email = "cap@example.com";
const password = "second step cap passphrase";
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  await t.services.admins.createOrReset(email, password);
  const auth = { authorization: `Bearer ${(await passwordStep("10.33.0.1")).auth_token}` };
  secret = ((await (await t.request("/api/admin/mfa/totp/setup", { method: "POST", headers: auth })).json()) as { secret: string }).secret;
  const enabled = await t.request("/api/admin/mfa/totp/enable", { method: "POST", headers: auth, json: { code: await codeNow() } });
  expect(enabled.status).toBe(200);
});
afterAll(() => t.close());

const codeNow = () => generate({ secret, epoch: Math.floor(clock / 1000) });
async function passwordStep(ip: string) {
  const res = await t.request("/api/admin/login", { method: "POST", json: { email, password }, ip });
  return (await res.json()) as { mfa_token: string; auth_token: string };
}
const secondStep = (mfaToken: string, code: string, ip: string) =>
  t.request("/api/admin/login/mfa", { method: "POST", json: { mfa_token: mfaToken, code }, ip });

it("locks the account's second step for every address after 10 wrong codes in all, and audits it once", async () => {
  let failures = 0;
  for (let a = 2; failures < MAX_SECOND_STEP_FAILURES; a++) {
    const ip = `10.33.0.${a}`;
    const { mfa_token } = await passwordStep(ip);
    // Within the per-address allowance: the password step and 4 codes.
    for (let i = 0; i < 4 && failures < MAX_SECOND_STEP_FAILURES; i++, failures++)
      expect((await secondStep(mfa_token, "000000", ip)).status).toBe(401);
  }
  clock += 60_000; // a fresh time step, so the right code is no replay of the enrolment's
  const ip = "10.33.1.1";
  const { mfa_token } = await passwordStep(ip);
  const refused = await secondStep(mfa_token, await codeNow(), ip);
  expect(refused.status).toBe(429);
  expect(refused.headers.get("set-cookie")).toBeNull();
  expect((await secondStep(mfa_token, await codeNow(), "10.33.1.2")).status).toBe(429);
  const locked = await t.services.audit.list({ action: "login.mfa_locked", admin: email });
  expect(locked.items).toHaveLength(1);

  clock += 15 * 60_000 + 1_000; // the lock ends; the right code signs in and clears the count
  const later = await passwordStep("10.33.2.1");
  expect((await secondStep(later.mfa_token, await codeNow(), "10.33.2.1")).status).toBe(200);
});

it("counts failed passkeys at the second step toward the same cap: then even the right passkey waits out the lock", async () => {
  const who = "cap-passkey@example.com";
  await t.services.admins.createOrReset(who, password);
  const login = (ip: string) => t.request("/api/admin/login", { method: "POST", json: { email: who, password }, ip });
  const headers = { authorization: `Bearer ${((await (await login("10.33.3.1")).json()) as { auth_token: string }).auth_token}` };
  const key = softAuthenticator({ rpId: "localhost", origin: "http://localhost" });
  const registration = (await (await t.request("/api/admin/mfa/passkeys/options", { method: "POST", headers })).json()) as {
    options: { challenge: string };
  };
  const added = await t.request("/api/admin/mfa/passkeys", {
    method: "POST",
    headers,
    json: { response: key.register(registration.options) },
  });
  expect(added.status).toBe(201);

  /** The password step, then the passkey options bound to this admin's second step. */
  async function passkeyStep(ip: string) {
    const { mfa_token } = (await (await login(ip)).json()) as { mfa_token: string };
    const res = await t.request("/api/admin/login/passkey/options", { method: "POST", json: { mfa_token }, ip });
    return ((await res.json()) as { options: { challenge: string } }).options;
  }
  const answer = (response: unknown, ip: string) => t.request("/api/admin/login/passkey", { method: "POST", json: { response }, ip });

  // Each failure from an address of its own: only the account-wide count can add them up.
  for (let i = 0; i < MAX_SECOND_STEP_FAILURES; i++) {
    const ip = `10.33.4.${i + 1}`;
    expect((await answer(key.assert(await passkeyStep(ip), { origin: "https://evil.example" }), ip)).status).toBe(401);
  }
  const refused = await answer(key.assert(await passkeyStep("10.33.5.1")), "10.33.5.1");
  expect(refused.status).toBe(429);
  expect(refused.headers.get("set-cookie")).toBeNull();
  expect((await t.services.audit.list({ action: "login.mfa_locked", admin: who })).items).toHaveLength(1);

  clock += 15 * 60_000 + 1_000;
  const later = await answer(key.assert(await passkeyStep("10.33.6.1")), "10.33.6.1");
  expect(later.status).toBe(200);
});
