import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buy, lastMail, PAY_SECRET, signIn } from "../../../tests/helpers/account-fixtures";
import { addSaleVersion } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { sql } from "drizzle-orm";
import { customerSessions, customerSignIns, customers, mailOutbox } from "../../platform/db/schema";
import { runRetention } from "../../platform/db/retention";
import * as log from "../../platform/log";

let t: TestApp;
let clock = Date.now();
let ipN = 0;
const ip = () => `10.7.${Math.floor(++ipN / 250)}.${ipN % 250}`;
const post = (path: string, json: unknown, from = ip(), headers: Record<string, string> = {}) =>
  t.request(path, { method: "POST", json, ip: from, headers });

beforeAll(async () => {
  t = await createTestApp({ config: { PAYMENT_TEST_SECRET: PAY_SECRET, CHECKOUT_RATE_LIMIT: 10_000 }, now: () => new Date(clock) });
  await addSaleVersion(t, "acct-tool", "1.0", { machineLimit: 2 });
});
afterAll(() => t.close());

describe("customer sign-in", () => {
  it("202 for a known and a new address alike; both get a mail, its code and link hidden in the body", async () => {
    await buy(t, "Known@Example.com");
    const known = await post("/api/account/sign-in", { email: "known@example.com" });
    const unknown = await post("/api/account/sign-in", { email: "nobody@example.com" });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual(await unknown.json());
    const mail = await lastMail(t, "Known@Example.com", "account-sign-in");
    expect(mail?.secrets?.code).toMatch(/^\d{6}$/);
    expect(mail?.secrets?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail?.row.textBody).not.toContain(mail?.secrets?.code as string);
    expect(mail?.row.html).toContain("/account/verify#token={{secret:token}}");
    expect((await lastMail(t, "nobody@example.com", "account-sign-in"))?.secrets?.code).toMatch(/^\d{6}$/);
  });

  it("a new address's verified code makes a customer with no orders (once), and its account opens", async () => {
    await post("/api/account/sign-in", { email: "New.Person@example.com" });
    const code = (await lastMail(t, "New.Person@example.com", "account-sign-in"))?.secrets?.code as string;
    expect(
      await t.database.db
        .select()
        .from(customers)
        .where(sql`lower(${customers.email}) = 'new.person@example.com'`),
    ).toHaveLength(0);
    const res = await post("/api/account/verify", { email: "new.person@example.com", code });
    expect(res.status).toBe(200);
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
    const account = await t.request("/api/account", { headers: { cookie } });
    expect(account.status).toBe(200);
    expect((await account.json()).orders).toEqual([]);
    await post("/api/account/sign-in", { email: "new.person@example.com" });
    const again = (await lastMail(t, "new.person@example.com", "account-sign-in"))?.secrets?.code as string;
    expect((await post("/api/account/verify", { email: "new.person@example.com", code: again })).status).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(customers)
        .where(sql`lower(${customers.email}) = 'new.person@example.com'`),
    ).toHaveLength(1);
  });

  it("verify with the code: 200 and an HttpOnly customer_session cookie; the code works once", async () => {
    await buy(t, "code@example.com");
    await post("/api/account/sign-in", { email: "code@example.com" });
    const code = (await lastMail(t, "code@example.com", "account-sign-in"))?.secrets?.code;
    const res = await post("/api/account/verify", { email: "CODE@example.com", code });
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^customer_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    const again = await post("/api/account/verify", { email: "code@example.com", code });
    expect(again.status).toBe(400);
    expect((await again.json()).message).toMatch(/Ask for a new one/);
  });

  it("verify with the link token, once; an unknown token is 400 with the same sentence", async () => {
    await buy(t, "link@example.com");
    await post("/api/account/sign-in", { email: "link@example.com" });
    const token = (await lastMail(t, "link@example.com", "account-sign-in"))?.secrets?.token;
    expect((await post("/api/account/verify", { token })).status).toBe(200);
    const reused = await post("/api/account/verify", { token });
    expect(reused.status).toBe(400);
    expect((await reused.json()).message).toMatch(/expired or was already used/);
    expect((await post("/api/account/verify", { token: "x".repeat(43) })).status).toBe(400);
  });

  it("expires after 15 minutes", async () => {
    await buy(t, "late@example.com");
    await post("/api/account/sign-in", { email: "late@example.com" });
    const code = (await lastMail(t, "late@example.com", "account-sign-in"))?.secrets?.code;
    clock += 15 * 60_000 + 1000;
    const res = await post("/api/account/verify", { email: "late@example.com", code });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/Ask for a new one/);
  });

  it("5 wrong codes void the code: the right one then fails too", async () => {
    await buy(t, "guess@example.com");
    await post("/api/account/sign-in", { email: "guess@example.com" });
    const code = (await lastMail(t, "guess@example.com", "account-sign-in"))?.secrets?.code as string;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 4; i++) {
      const res = await post("/api/account/verify", { email: "guess@example.com", code: wrong });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/not right/);
    }
    const fifth = await post("/api/account/verify", { email: "guess@example.com", code: wrong });
    expect((await fifth.json()).message).toMatch(/Ask for a new one/);
    expect((await post("/api/account/verify", { email: "guess@example.com", code })).status).toBe(400);
  });

  it("at most 5 sign-in mails per address an hour, with the same 202", async () => {
    await buy(t, "many@example.com");
    for (let i = 0; i < 7; i++) expect((await post("/api/account/sign-in", { email: "many@example.com" })).status).toBe(202);
    const rows = (await t.database.db.select().from(mailOutbox)).filter(
      (r) => r.kind === "account-sign-in" && r.toAddrs[0] === "many@example.com",
    );
    expect(rows.length).toBe(5);
  });

  it("per-IP throttle: 429 with Retry-After past the login limit", async () => {
    const from = "10.8.8.8";
    const answers = [];
    for (let i = 0; i < t.config.LOGIN_RATE_LIMIT + 1; i++)
      answers.push((await post("/api/account/sign-in", { email: `x${i}@example.com` }, from)).status);
    expect(answers.slice(0, -1).every((s) => s === 202)).toBe(true);
    const last = await post("/api/account/sign-in", { email: "y@example.com" }, from);
    expect(last.status).toBe(429);
    expect(last.headers.get("retry-after")).toBeTruthy();
  });

  it("bad input: 400 with field errors", async () => {
    const res = await post("/api/account/sign-in", { email: "not-an-address" });
    expect(res.status).toBe(400);
    expect((await res.json()).status).toBe("error");
    expect((await post("/api/account/verify", { email: "a@example.com", code: "12345" })).status).toBe(400);
  });

  it("without SMTP_URL outside production the code is printed in exactly one log line naming the address", async () => {
    const spy = vi.spyOn(log, "logLine");
    await buy(t, "dev@example.com");
    await post("/api/account/sign-in", { email: "dev@example.com" });
    const code = (await lastMail(t, "dev@example.com", "account-sign-in"))?.secrets?.code;
    const lines = spy.mock.calls.map((c) => c[0]).filter((f) => JSON.stringify(f).includes(code as string));
    spy.mockRestore();
    expect(t.config.SMTP_URL).toBeFalsy();
    expect(lines).toEqual([expect.objectContaining({ to: "dev@example.com", code })]);
  });

  it("sign-out ends the session: the account answers 401 after it; sign-out needs the CSRF marker", async () => {
    await buy(t, "out@example.com");
    const headers = await signIn(t, "out@example.com");
    expect((await t.request("/api/account", { headers: { cookie: headers.cookie } })).status).toBe(200);
    expect((await t.request("/api/account/sign-out", { method: "POST", headers: { cookie: headers.cookie } })).status).toBe(403);
    const res = await t.request("/api/account/sign-out", { method: "POST", headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/customer_session=;/);
    expect((await t.request("/api/account", { headers })).status).toBe(401);
  });

  it("the customer session opens nothing of the admin, and the admin session nothing of the customer", async () => {
    await buy(t, "sep@example.com");
    const customer = await signIn(t, "sep@example.com");
    const token = customer.cookie.split("=")[1];
    expect((await t.request("/api/check/auth/admin", { headers: customer })).status).toBe(401);
    expect((await t.request("/api/check/auth/admin", { headers: { cookie: `session_id=${token}` } })).status).toBe(401);
    expect((await t.request("/api/admin/orders", { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    const admin = await t.loginAsAdmin();
    expect((await t.request("/api/account", { headers: admin.headers })).status).toBe(401);
    expect((await t.request("/api/account", { headers: { cookie: `customer_session=${admin.token}` } })).status).toBe(401);
  });

  it("the session lapses after 7 idle days and after 30 days in all", async () => {
    await buy(t, "idle@example.com");
    const headers = await signIn(t, "idle@example.com");
    clock += 6 * 86_400_000;
    expect((await t.request("/api/account", { headers })).status).toBe(200);
    clock += 6 * 86_400_000;
    expect((await t.request("/api/account", { headers })).status).toBe(200);
    clock += 8 * 86_400_000;
    expect((await t.request("/api/account", { headers })).status).toBe(401);
    const fresh = await signIn(t, "idle@example.com");
    for (let d = 0; d < 4; d++) {
      clock += 6 * 86_400_000;
      expect((await t.request("/api/account", { headers: fresh })).status).toBe(200);
    }
    clock += 6 * 86_400_000; // 30 days after sign-in, seen 6 days ago
    expect((await t.request("/api/account", { headers: fresh })).status).toBe(401);
  });

  it("retention deletes expired sign-in codes and lapsed sessions, and keeps live ones", async () => {
    await buy(t, "keep@example.com");
    await signIn(t, "keep@example.com");
    await post("/api/account/sign-in", { email: "keep@example.com" });
    const at = new Date(clock);
    await runRetention(t.database.db, { auditRetentionDays: 365, now: () => new Date(at.getTime() + 16 * 60_000) });
    const codes = await t.database.db.select().from(customerSignIns);
    expect(codes.every((c) => c.expiresAt.getTime() >= at.getTime() + 16 * 60_000)).toBe(true);
    expect((await t.database.db.select().from(customerSessions)).length).toBeGreaterThan(0);
    await runRetention(t.database.db, { auditRetentionDays: 365, now: () => new Date(at.getTime() + 31 * 86_400_000) });
    expect(await t.database.db.select().from(customerSessions)).toEqual([]);
  });
});
