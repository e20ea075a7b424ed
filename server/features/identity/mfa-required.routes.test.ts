import { generate } from "otplib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, TEST_ADMIN, type TestApp } from "../../../tests/helpers/test-app";

// ADMIN_MFA_REQUIRED=true: the page guard (app/routes/admin/session.server.ts) and the API's asks
// services.account.mustEnrol before any screen but the Account one; the Account screen reads `required`.
let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { ADMIN_MFA_REQUIRED: true } });
  off = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await off.close();
});

it("an admin without a factor must enrol; once TOTP is on, the screens open; without the setting nobody must", async () => {
  const me = await t.loginAsAdmin();
  await t.services.admins.createOrReset("required@example.com", "enrol first passphrase 1");
  const { id } = await idOf(t, "required@");
  expect(await t.services.account.mustEnrol(id)).toBe(true);
  const status = await (await t.request("/api/admin/mfa", { headers: me.headers })).json();
  expect(status).toMatchObject({ required: true, totp: false, passkeys: [] });

  const admin = await idOf(t, TEST_ADMIN.email);
  expect(await t.services.account.mustEnrol(admin.id)).toBe(true);
  const setup = await (await t.request("/api/admin/mfa/totp/setup", { method: "POST", headers: me.headers })).json();
  const code = await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) });
  expect((await t.request("/api/admin/mfa/totp/enable", { method: "POST", headers: me.headers, json: { code } })).status).toBe(200);
  expect(await t.services.account.mustEnrol(admin.id)).toBe(false);
  expect(await t.services.account.mustEnrol(id)).toBe(true);

  const other = await off.loginAsAdmin();
  expect((await (await off.request("/api/admin/mfa", { headers: other.headers })).json()).required).toBe(false);
  expect(await off.services.account.mustEnrol((await idOf(off, TEST_ADMIN.email)).id)).toBe(false);
});

/** The admin whose e-mail starts with `prefix`. */
async function idOf(app: TestApp, prefix: string) {
  const list = await app.services.adminDirectory.list();
  const found = list.find((a) => a.email.startsWith(prefix));
  if (!found) throw new Error(`no admin ${prefix}: ${list.map((a) => a.email).join(", ")}`);
  return found;
}
