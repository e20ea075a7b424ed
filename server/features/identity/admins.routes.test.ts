import { desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ADMIN, type TestApp } from "../../../tests/helpers/test-app";
import { fillSecrets, openSecrets } from "../mail/mail-secrets";
import { adminPasskeys, admins, authTokens, mailOutbox } from "../../platform/db/schema";

let clock = Date.parse("2026-11-24T09:00:00Z");
let t: TestApp;
let me: Awaited<ReturnType<TestApp["loginAsAdmin"]>>;
beforeAll(async () => {
  t = await createTestApp({
    now: () => new Date(clock),
    config: { PUBLIC_ORIGIN: "https://admin.example.test", publicOrigin: "https://admin.example.test" },
  });
  me = await t.loginAsAdmin();
});
afterAll(() => t.close());

/** The token in the newest outbox mail to `to`, read from its link as the recipient would. */
async function tokenFromMail(to: string, kind: string): Promise<string> {
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind)).orderBy(desc(mailOutbox.id)).limit(1);
  expect(mail.toAddrs).toEqual([to]);
  // The bodies hold a slot; the sealed secret is filled in as the sender would (mail-secrets.ts).
  const secrets = mail.secrets ? openSecrets(t.config, mail.secrets) : null;
  const text = fillSecrets(mail.textBody, secrets);
  const match = /https:\/\/admin\.example\.test\/admin\/[a-z-]+#token=([A-Za-z0-9_-]{43})/.exec(text);
  expect(match, text).not.toBeNull();
  expect(fillSecrets(mail.html, secrets)).toContain(match![1]);
  return match![1];
}
const post = (path: string, json: unknown, headers: Record<string, string> = {}, ip = "10.30.0.1") =>
  t.request(path, { method: "POST", json, headers, ip });
const loginStatus = async (email: string, password: string, ip = "10.30.9.9") =>
  (await post("/api/admin/login", { email, password }, {}, ip)).status;

describe("invitations", () => {
  it("invites by e-mail through the outbox; the link sets a password once, within 48 hours", async () => {
    const res = await post("/api/admin/admins", { email: "new.admin@example.com" }, me.headers);
    expect(res.status).toBe(201);
    const list = await (await t.request("/api/admin/admins", { headers: me.headers })).json();
    expect(list.admins.find((a: { email: string }) => a.email === "new.admin@example.com")).toMatchObject({
      status: "invited",
      two_factor: false,
    });
    const token = await tokenFromMail("new.admin@example.com", "admin-invitation");
    // An invited admin has no password that works yet.
    expect(await loginStatus("new.admin@example.com", "")).toBe(400);
    const weak = await post("/api/admin/invitations/accept", { token, password: "short" });
    expect(weak.status).toBe(400);
    expect((await weak.json()).errors).toHaveProperty("password");
    expect((await post("/api/admin/invitations/accept", { token, password: "my own strong password 1" })).status).toBe(200);
    expect((await post("/api/admin/invitations/accept", { token, password: "my own strong password 2" })).status).toBe(400);
    expect(await loginStatus("new.admin@example.com", "my own strong password 1")).toBe(200);
    expect((await post("/api/admin/admins", { email: "NEW.admin@example.com" }, me.headers)).status).toBe(409);
  });

  it("expires an invitation after 48 hours, and a new invitation voids the older link", async () => {
    await post("/api/admin/admins", { email: "late@example.com" }, me.headers);
    const first = await tokenFromMail("late@example.com", "admin-invitation");
    await post("/api/admin/admins", { email: "late@example.com" }, me.headers);
    const second = await tokenFromMail("late@example.com", "admin-invitation");
    expect(second).not.toBe(first);
    expect((await post("/api/admin/invitations/accept", { token: first, password: "late admin password 1" })).status).toBe(400);
    clock += 48 * 3_600_000 + 1000;
    expect((await post("/api/admin/invitations/accept", { token: second, password: "late admin password 1" })).status).toBe(400);
    clock += 1000;
    me = await t.loginAsAdmin(); // two days later the session has expired too
  });

  it("needs an admin session, a valid e-mail and no line breaks", async () => {
    expect((await post("/api/admin/admins", { email: "x@example.com" })).status).toBe(401);
    expect((await post("/api/admin/admins", { email: "x@example.com\r\nBcc: evil@example.com" }, me.headers)).status).toBe(400);
    expect((await post("/api/admin/admins", { email: "not-an-email" }, me.headers)).status).toBe(400);
  });
});

describe("list", () => {
  it("shows the second factor on the admin who has it, whatever the row ids", async () => {
    await t.services.admins.createOrReset("pk-a@example.com", "second admin password 1");
    await t.services.admins.createOrReset("pk-b@example.com", "second admin password 1");
    const rows = await t.database.db
      .select()
      .from(admins)
      .where(inArray(admins.email, ["pk-a@example.com", "pk-b@example.com"]));
    const b = rows.find((r) => r.email === "pk-b@example.com")!;
    // A passkey row id equal to another admin's id is what the bare-"id" subquery matched.
    const a = rows.find((r) => r.email === "pk-a@example.com")!;
    await t.database.db
      .insert(adminPasskeys)
      .values({ id: a.id, adminId: b.id, credentialId: "c1", publicKey: "k", transports: [], name: "n" });
    const { admins: list } = await (await t.request("/api/admin/admins", { headers: me.headers })).json();
    const of = (email: string) => list.find((x: { email: string }) => x.email === email).two_factor;
    expect(of("pk-b@example.com")).toBe(true);
    expect(of("pk-a@example.com")).toBe(false);
    await t.database.db.delete(adminPasskeys).where(eq(adminPasskeys.adminId, b.id));
  });
});

describe("disable", () => {
  it("ends the disabled admin's sessions at once, refuses its login, and keeps the last active admin", async () => {
    await t.services.admins.createOrReset("zz2@example.com", "second admin password 1");
    const login = await post("/api/admin/login", { email: "zz2@example.com", password: "second admin password 1" }, {}, "10.30.1.1");
    const { auth_token: token } = (await login.json()) as { auth_token: string };
    const { admins } = await (await t.request("/api/admin/admins", { headers: me.headers })).json();
    const second = admins.find((a: { email: string }) => a.email === "zz2@example.com");
    expect((await post(`/api/admin/admins/${second.id}/disable`, {}, me.headers)).status).toBe(200);
    expect((await t.request("/api/check/auth/admin", { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect(await loginStatus("zz2@example.com", "second admin password 1")).toBe(401);
    expect((await post(`/api/admin/admins/${second.id}/disable`, {}, me.headers)).status).toBe(409);
    expect((await post(`/api/admin/admins/999999/disable`, {}, me.headers)).status).toBe(404);

    // Enabled again: the old password works, its old session does not come back; twice is a 409.
    expect((await post(`/api/admin/admins/${second.id}/enable`, {}, me.headers)).status).toBe(200);
    expect((await t.request("/api/check/auth/admin", { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect(await loginStatus("zz2@example.com", "second admin password 1")).toBe(200);
    expect((await post(`/api/admin/admins/${second.id}/enable`, {}, me.headers)).status).toBe(409);
    expect((await post(`/api/admin/admins/999999/enable`, {}, me.headers)).status).toBe(404);
    expect(await post(`/api/admin/admins/${second.id}/enable`, {})).toHaveProperty("status", 401);
    expect((await post(`/api/admin/admins/${second.id}/disable`, {}, me.headers)).status).toBe(200);

    // Disable every other active admin, then the last one (the caller) is refused.
    for (const a of admins as { id: number; email: string; status: string }[]) {
      if (a.status === "active" && a.email !== TEST_ADMIN.email && a.email !== "zz2@example.com") {
        expect((await post(`/api/admin/admins/${a.id}/disable`, {}, me.headers)).status).toBe(200);
      }
    }
    const self = admins.find((a: { email: string }) => a.email === TEST_ADMIN.email);
    const last = await post(`/api/admin/admins/${self.id}/disable`, {}, me.headers);
    expect(last.status).toBe(409);
    expect((await last.json()).message).toMatch(/last active admin/);
    const actions = (await t.services.audit.list({ action: "admin" })).items.map((i) => i.action);
    expect(actions).toEqual(expect.arrayContaining(["admin.invite", "admin.invite_accepted", "admin.disable", "admin.enable"]));
  });
});

describe("forgotten password", () => {
  it("answers 202 for any e-mail; only a known admin gets a 30-minute single-use link that ends every session", async () => {
    const other = await post("/api/admin/login", TEST_ADMIN, {}, "10.30.2.1");
    const { auth_token: otherToken } = (await other.json()) as { auth_token: string };
    const outboxBefore = await t.database.db.$count(mailOutbox);
    const unknown = await t.services.passwordReset.forgot("nobody@example.com", { clientIp: "10.30.2.2" });
    await unknown.done;
    expect(await t.database.db.$count(mailOutbox)).toBe(outboxBefore);
    const a = await post("/api/admin/password/forgot", { email: "nobody@example.com" }, {}, "10.30.2.3");
    const b = await post("/api/admin/password/forgot", { email: TEST_ADMIN.email }, {}, "10.30.2.3");
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(await a.json()).toEqual(await b.json());
    await waitFor(async () => (await t.database.db.$count(mailOutbox)) > outboxBefore);
    const token = await tokenFromMail(TEST_ADMIN.email, "admin-password-reset");
    const stored = await t.database.db.select({ hash: authTokens.tokenHash }).from(authTokens).where(eq(authTokens.purpose, "reset"));
    expect(stored.map((s) => s.hash)).not.toContain(token);

    const newPassword = "fresh pass phrase 77";
    expect((await post("/api/admin/password/reset", { token, password: "weak" })).status).toBe(400);
    expect((await post("/api/admin/password/reset", { token, password: newPassword })).status).toBe(200);
    expect((await post("/api/admin/password/reset", { token, password: newPassword })).status).toBe(400);
    expect((await t.request("/api/check/auth/admin", { headers: { authorization: `Bearer ${otherToken}` } })).status).toBe(401);
    expect((await t.request("/api/check/auth/admin", { headers: { authorization: `Bearer ${me.token}` } })).status).toBe(401);
    expect(await loginStatus(TEST_ADMIN.email, newPassword)).toBe(200);
    me = await t.loginAsAdmin();
  });

  it("expires a reset link after 30 minutes and throttles requests per address", async () => {
    await (
      await t.services.passwordReset.forgot(TEST_ADMIN.email, { clientIp: "10.30.3.1" })
    ).done;
    const token = await tokenFromMail(TEST_ADMIN.email, "admin-password-reset");
    clock += 30 * 60_000 + 1000;
    expect((await post("/api/admin/password/reset", { token, password: "too late password 12" })).status).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post("/api/admin/password/forgot", { email: "x@example.com" }, {}, "10.30.3.2")).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await post("/api/admin/password/reset", { token: "a".repeat(43), password: "whatever password 12" })).status).toBe(400);
  });
});

async function waitFor(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}
