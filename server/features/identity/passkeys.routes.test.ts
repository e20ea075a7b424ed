import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SoftAuthenticator, softAuthenticator, type Tamper } from "../../../tests/helpers/soft-authenticator";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { LOGIN_POSTS_PER_MINUTE } from "./auth";

// The test app is reached at http://localhost (no PUBLIC_ORIGIN): that is the RP ID and origin the server expects.
const RP = { rpId: "localhost", origin: "http://localhost" };
let clock = Date.parse("2026-11-24T10:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `10.30.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const password = "passkey admin password 1";

/** A new admin who registers a passkey through the API with a software authenticator. */
async function adminWithPasskey(email: string) {
  await t.services.admins.createOrReset(email, password);
  const login = await t.request("/api/admin/login", { method: "POST", json: { email, password }, ip: freshIp() });
  const headers = { authorization: `Bearer ${((await login.json()) as { auth_token: string }).auth_token}` };
  const key = softAuthenticator(RP);
  const registered = await register(key, headers);
  expect(registered.status).toBe(201);
  expect(((await registered.json()) as { recovery_codes: string[] }).recovery_codes).toHaveLength(10);
  return { email, headers, key };
}

async function register(key: SoftAuthenticator, headers: Record<string, string>, tamper: Tamper = {}) {
  const res = await t.request("/api/admin/mfa/passkeys/options", { method: "POST", headers });
  expect(res.status).toBe(200);
  const { options } = (await res.json()) as { options: { challenge: string; rp: { id: string } } };
  expect(options.rp.id).toBe(RP.rpId);
  return t.request("/api/admin/mfa/passkeys", {
    method: "POST",
    headers,
    json: { response: key.register(options, tamper), name: "Soft key" },
  });
}

type LoginOptions = { challenge: string; allowCredentials?: { id: string }[] };
async function loginOptions(mfaToken?: string, ip = freshIp()): Promise<LoginOptions> {
  const res = await t.request("/api/admin/login/passkey/options", { method: "POST", json: mfaToken ? { mfa_token: mfaToken } : {}, ip });
  expect(res.status).toBe(200);
  return ((await res.json()) as { options: LoginOptions }).options;
}
const passkeyLogin = (response: unknown, ip: string) => t.request("/api/admin/login/passkey", { method: "POST", json: { response }, ip });

/** The assertion is refused with 401 and no session cookie. */
async function expectRefused(res: Response) {
  expect(res.status).toBe(401);
  expect(res.headers.get("set-cookie")).toBeNull();
}
async function expectSessionFor(res: Response, email: string) {
  expect(res.status).toBe(200);
  const { auth_token } = (await res.json()) as { auth_token: string };
  expect(res.headers.get("set-cookie")).toMatch(/session_id=/);
  const check = await t.request("/api/check/auth/admin", { headers: { authorization: `Bearer ${auth_token}` } });
  expect(await check.json()).toMatchObject({ admin: { email } });
}
async function passwordStep(email: string, ip: string) {
  const res = await t.request("/api/admin/login", { method: "POST", json: { email, password }, ip });
  const body = (await res.json()) as { status: string; mfa_token: string; methods: string[] };
  expect(body).toMatchObject({ status: "mfa_required", methods: expect.arrayContaining(["passkey"]) });
  return body.mfa_token;
}

let a: Awaited<ReturnType<typeof adminWithPasskey>>;
let b: Awaited<ReturnType<typeof adminWithPasskey>>;
beforeAll(async () => {
  a = await adminWithPasskey("passkey-a@example.com");
  b = await adminWithPasskey("passkey-b@example.com");
});

describe("passkey sign-in", () => {
  it("signs in with the passkey alone, and as the second step after the password", async () => {
    await expectSessionFor(await passkeyLogin(a.key.assert(await loginOptions()), freshIp()), a.email);
    const ip = freshIp();
    const options = await loginOptions(await passwordStep(a.email, ip));
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([a.key.id]); // only A's passkeys are offered
    await expectSessionFor(await passkeyLogin(a.key.assert(options), ip), a.email);
  });

  it("asks for user verification when the passkey is alone, and refuses an assertion of presence only; after the password presence is enough", async () => {
    const alone = await loginOptions();
    expect(alone).toMatchObject({ userVerification: "required" });
    await expectRefused(await passkeyLogin(a.key.assert(alone, { userVerified: false }), freshIp()));
    const ip = freshIp();
    const second = await loginOptions(await passwordStep(a.email, ip));
    expect(second).toMatchObject({ userVerification: "preferred" });
    await expectSessionFor(await passkeyLogin(a.key.assert(second, { userVerified: false }), ip), a.email);
  });

  it("refuses another admin's passkey in A's second step, and a credential that was never registered", async () => {
    const ip = freshIp();
    const options = await loginOptions(await passwordStep(a.email, ip));
    await expectRefused(await passkeyLogin(b.key.assert(options), ip));
    await expectRefused(await passkeyLogin(softAuthenticator(RP).assert(await loginOptions()), ip));
    // B's own key presented under A's credential id: the signature does not match A's public key.
    const forged = { ...b.key.assert(await loginOptions()), id: a.key.id, rawId: a.key.id };
    await expectRefused(await passkeyLogin(forged, ip));
  });

  it("refuses a wrong origin or RP ID, at sign-in and at registration", async () => {
    const ip = freshIp();
    await expectRefused(await passkeyLogin(a.key.assert(await loginOptions(), { origin: "https://evil.example" }), ip));
    await expectRefused(await passkeyLogin(a.key.assert(await loginOptions(), { rpId: "evil.example" }), ip));
    expect((await register(softAuthenticator(RP), a.headers, { origin: "https://evil.example" })).status).toBe(400);
    expect((await register(softAuthenticator(RP), a.headers, { rpId: "evil.example" })).status).toBe(400);
  });

  it("accepts a challenge once: a replayed assertion, a reused, expired or unknown challenge are refused", async () => {
    const ip = freshIp();
    const options = await loginOptions();
    const assertion = a.key.assert(options);
    await expectSessionFor(await passkeyLogin(assertion, ip), a.email);
    await expectRefused(await passkeyLogin(assertion, ip));
    await expectRefused(await passkeyLogin(a.key.assert(options), ip)); // freshly signed, same used challenge
    await expectRefused(await passkeyLogin(a.key.assert({ challenge: "x".repeat(43) }), ip));
    const old = await loginOptions();
    clock += 5 * 60_000 + 1_000; // past the 5-minute challenge
    await expectRefused(await passkeyLogin(a.key.assert(old), ip));
  });

  it("refuses a signature made with another key and a client data of the wrong type", async () => {
    const ip = freshIp();
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    await expectRefused(await passkeyLogin(a.key.assert(await loginOptions(), { signWith: privateKey }), ip));
    await expectRefused(await passkeyLogin(a.key.assert(await loginOptions(), { type: "webauthn.create" }), ip));
  });

  it("counts passkey posts toward the per-address login limit shared with passwords, and audits each failure", async () => {
    const ip = freshIp();
    for (let i = 0; i < LOGIN_POSTS_PER_MINUTE; i++)
      await expectRefused(await passkeyLogin(b.key.assert(await loginOptions(), { origin: "https://evil.example" }), ip));
    // Even a good assertion, and the password step, wait out the minute from this address.
    expect((await passkeyLogin(a.key.assert(await loginOptions()), ip)).status).toBe(429);
    expect((await t.request("/api/admin/login", { method: "POST", json: { email: a.email, password }, ip })).status).toBe(429);
    const failures = await t.services.audit.list({ action: "login.failure", admin: b.email });
    const mine = failures.items.filter((i) => i.client_ip === ip).map((i) => i.detail);
    expect(mine).toEqual(Array(LOGIN_POSTS_PER_MINUTE).fill({ method: "passkey", reason: "signature" }));
  });
});
