import { eq, sql } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { softAuthenticator } from "../../../tests/helpers/soft-authenticator";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { mailOutbox } from "../../platform/db/schema";

// Removing a second factor or replacing the recovery codes needs the current password or a current
// code or an unused recovery code, not only a session, and the admin is told by mail (through the
// outbox, in the same transaction as the change).
let clock = Date.parse("2026-11-24T15:00:00Z");
let t: TestApp;
let auth: Record<string, string>;
let secret: string;
const email = "reauth@example.com";
const password = "a long admin passphrase 1";
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  await t.services.admins.createOrReset(email, password);
  const login = await t.request("/api/admin/login", { method: "POST", json: { email, password }, ip: "10.34.0.1" });
  auth = { authorization: `Bearer ${((await login.json()) as { auth_token: string }).auth_token}` };
  secret = ((await (await t.request("/api/admin/mfa/totp/setup", { method: "POST", headers: auth })).json()) as { secret: string }).secret;
  expect((await t.request("/api/admin/mfa/totp/enable", { method: "POST", headers: auth, json: { code: await nextCode() } })).status).toBe(
    200,
  );
});
afterAll(() => t.close());

/** A code of a time step not used yet (each code is accepted once). */
async function nextCode() {
  clock += 30_000;
  return generate({ secret, epoch: Math.floor(clock / 1000) });
}
const mailsOf = (kind: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind)).orderBy(mailOutbox.id);

it("replacing the recovery codes needs the password or a code, with field errors, and mails the admin", async () => {
  const regenerate = (json: unknown) => t.request("/api/admin/mfa/recovery-codes", { method: "POST", headers: auth, json });
  const none = await regenerate({});
  expect(none.status).toBe(400);
  expect(await none.json()).toMatchObject({ status: "error", errors: { current_password: expect.any(String) } });
  const wrongPassword = await regenerate({ current_password: "not the password" });
  expect(await wrongPassword.json()).toMatchObject({ errors: { current_password: "The current password is not right." } });
  const wrongCode = await regenerate({ code: "000000" });
  expect(wrongCode.status).toBe(400);
  expect(await wrongCode.json()).toMatchObject({ errors: { code: "That code is not valid." } });
  expect(await mailsOf("admin-recovery-codes-replaced")).toHaveLength(0);

  const ok = await regenerate({ current_password: password });
  expect(ok.status).toBe(200);
  expect(((await ok.json()) as { recovery_codes: string[] }).recovery_codes).toHaveLength(10);
  const [mail] = await mailsOf("admin-recovery-codes-replaced");
  expect(mail.toAddrs).toEqual([email]);
  expect(mail.textBody).toContain("recovery codes");
});

it("removing a passkey and the authenticator app need it too, and each removal is mailed", async () => {
  clock += 15 * 60_000; // a fresh budget of 5 checks (shared with the password change)
  const key = softAuthenticator({ rpId: "localhost", origin: "http://localhost" });
  const options = (await (await t.request("/api/admin/mfa/passkeys/options", { method: "POST", headers: auth })).json()) as {
    options: { challenge: string };
  };
  const added = await t.request("/api/admin/mfa/passkeys", {
    method: "POST",
    headers: auth,
    json: { response: key.register(options.options), name: "Desk key" },
  });
  const { passkey } = (await added.json()) as { passkey: { id: number } };
  const removePasskey = (json: unknown) => t.request(`/api/admin/mfa/passkeys/${passkey.id}`, { method: "DELETE", headers: auth, json });
  expect((await removePasskey({})).status).toBe(400);
  expect((await removePasskey({ code: await nextCode() })).status).toBe(200);

  const removeTotp = (json: unknown) => t.request("/api/admin/mfa/totp", { method: "DELETE", headers: auth, json });
  expect((await removeTotp({ current_password: "wrong again" })).status).toBe(400);
  expect(await (await t.request("/api/admin/mfa", { headers: auth })).json()).toMatchObject({ totp: true });
  expect((await removeTotp({ current_password: password })).status).toBe(200);
  const removed = await mailsOf("admin-factor-removed");
  expect(removed.map((m) => m.subject)).toEqual([
    "A second factor was removed from your admin account",
    "A second factor was removed from your admin account",
  ]);
  expect(removed.map((m) => m.textBody).join("\n")).toMatch(/passkey "Desk key" was removed[\s\S]*authenticator app was removed/);
});

/** Another admin with the authenticator app on: its session headers, its TOTP secret and its 10 recovery codes. */
async function adminWithTotp(address: string) {
  await t.services.admins.createOrReset(address, password);
  const login = await t.request("/api/admin/login", { method: "POST", json: { email: address, password }, ip: "10.34.1.1" });
  const headers = { authorization: `Bearer ${((await login.json()) as { auth_token: string }).auth_token}` };
  const seed = ((await (await t.request("/api/admin/mfa/totp/setup", { method: "POST", headers })).json()) as { secret: string }).secret;
  clock += 30_000;
  const enabled = await t.request("/api/admin/mfa/totp/enable", {
    method: "POST",
    headers,
    json: { code: await generate({ secret: seed, epoch: Math.floor(clock / 1000) }) },
  });
  expect(enabled.status).toBe(200);
  return { headers, codes: ((await enabled.json()) as { recovery_codes: string[] }).recovery_codes };
}

it("an unused recovery code is proof too, spent by the check: a used one is refused at its field", async () => {
  clock += 15 * 60_000;
  const other = await adminWithTotp("reauth-recovery@example.com");
  const key = softAuthenticator({ rpId: "localhost", origin: "http://localhost" });
  const options = (await (await t.request("/api/admin/mfa/passkeys/options", { method: "POST", headers: other.headers })).json()) as {
    options: { challenge: string };
  };
  const added = await t.request("/api/admin/mfa/passkeys", {
    method: "POST",
    headers: other.headers,
    json: { response: key.register(options.options), name: "Spare key" },
  });
  const { passkey } = (await added.json()) as { passkey: { id: number } };
  const removed = await t.request(`/api/admin/mfa/passkeys/${passkey.id}`, {
    method: "DELETE",
    headers: other.headers,
    json: { recovery_code: other.codes[0] },
  });
  expect(removed.status).toBe(200);
  expect(await (await t.request("/api/admin/mfa", { headers: other.headers })).json()).toMatchObject({
    passkeys: [],
    recovery_codes_left: 9,
  });

  const regenerate = (json: unknown) => t.request("/api/admin/mfa/recovery-codes", { method: "POST", headers: other.headers, json });
  const spent = await regenerate({ recovery_code: other.codes[0] });
  expect(spent.status).toBe(400);
  expect(await spent.json()).toMatchObject({ errors: { recovery_code: "That recovery code is not valid or was used already." } });
  // Typed as read off paper: other case, spaces instead of dashes.
  const ok = await regenerate({ recovery_code: other.codes[1].toUpperCase().replaceAll("-", " ") });
  expect(ok.status).toBe(200);
  expect(((await ok.json()) as { recovery_codes: string[] }).recovery_codes).toHaveLength(10);
  const failures = await t.services.audit.list({ action: "reauth.failure", admin: "reauth-recovery@example.com" });
  expect(failures.items.map((i) => i.detail)).toEqual([{ for: "mfa.recovery_codes_regenerated", with: "recovery_code" }]);
});

it("a factor change and its notice commit together: when the notice cannot be queued, nothing changes", async () => {
  clock += 15 * 60_000;
  const other = await adminWithTotp("reauth-atomic@example.com");
  const status = async () => (await t.request("/api/admin/mfa", { headers: other.headers })).json();
  // The outbox refuses the notices (as a full disk or a lost connection would, at that one insert).
  await t.database.db.execute(sql`create function refuse_notice() returns trigger language plpgsql as $$
    begin raise exception 'outbox unavailable'; end $$`);
  await t.database.db.execute(sql`create trigger refuse_notice before insert on mail_outbox for each row
    when (new.kind in ('admin-factor-removed', 'admin-recovery-codes-replaced')) execute function refuse_notice()`);
  try {
    const removal = await t.request("/api/admin/mfa/totp", {
      method: "DELETE",
      headers: other.headers,
      json: { current_password: password },
    });
    expect(removal.status).toBe(500);
    expect(await status()).toMatchObject({ totp: true, recovery_codes_left: 10 });
    const regenerated = await t.request("/api/admin/mfa/recovery-codes", {
      method: "POST",
      headers: other.headers,
      json: { current_password: password },
    });
    expect(regenerated.status).toBe(500);
    const removedAudit = await t.services.audit.list({ action: "mfa.totp_removed", admin: "reauth-atomic@example.com" });
    expect(removedAudit.items).toHaveLength(0);
  } finally {
    await t.database.db.execute(sql`drop trigger refuse_notice on mail_outbox`);
    await t.database.db.execute(sql`drop function refuse_notice()`);
  }
  // The old recovery codes still work: the failed replacement replaced nothing.
  const removal = await t.request("/api/admin/mfa/totp", {
    method: "DELETE",
    headers: other.headers,
    json: { recovery_code: other.codes[0] },
  });
  expect(removal.status).toBe(200);
  expect(await status()).toMatchObject({ totp: false, recovery_codes_left: 0 });
  const notices = (await mailsOf("admin-factor-removed")).filter((m) => m.toAddrs.includes("reauth-atomic@example.com"));
  expect(notices).toHaveLength(1);
});
