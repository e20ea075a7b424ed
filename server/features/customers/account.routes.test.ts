import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountSchema } from "../../../contract/account";
import { buy, lastMail, PAY_SECRET, signIn } from "../../../tests/helpers/account-fixtures";
import { addSaleVersion } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { queryRows } from "../../platform/db/query-rows";

let t: TestApp;
let clock = Date.now();
const post = (path: string, json: unknown) => t.request(path, { method: "POST", json, ip: "10.6.0.1" });
const call = (method: string, path: string, headers: Record<string, string>) => t.request(path, { method, headers });
const account = async (headers: Record<string, string>) => AccountSchema.parse(await (await call("GET", "/api/account", headers)).json());
const validate = async (key: string, fingerprint?: string) => (await post("/api/licenses/validate", { key, fingerprint })).json();

beforeAll(async () => {
  t = await createTestApp({
    config: { PAYMENT_TEST_SECRET: PAY_SECRET, CHECKOUT_RATE_LIMIT: 10_000, LICENCE_RATE_LIMIT: 10_000 },
    now: () => new Date(clock),
  });
  await addSaleVersion(t, "acct-tool", "1.0", { machineLimit: 2 });
});
afterAll(() => t.close());

describe("the customer's account", () => {
  it("GET /api/account: 401 without a session; orders newest first with licence, key hint and machines", async () => {
    expect((await t.request("/api/account")).status).toBe(401);
    const first = await buy(t, "reader@example.com");
    clock += 1000;
    const second = await buy(t, "reader@example.com");
    await post("/api/licenses/activate", { key: second.key, fingerprint: "fp-1", name: "Laptop" });
    const headers = await signIn(t, "reader@example.com");
    const a = await account(headers);
    expect(a).toMatchObject({ email: "reader@example.com", name: "Asha" });
    expect(a.orders.map((o) => o.order_id)).toEqual([second.orderId, first.orderId]);
    const o = a.orders[0];
    expect(o).toMatchObject({ status: "active", product_id: "acct-tool", version: "1.0", total: 1499, currency: "INR" });
    expect(o.pay_id).toMatch(/^pay_/);
    expect(o.licence?.key_hint).toBe(second.key.split("-").pop());
    expect(JSON.stringify(a)).not.toContain(second.key);
    expect(o.licence).toMatchObject({ status: "active", machine_limit: 2 });
    expect(o.licence?.machines).toEqual([
      { id: expect.any(Number), name: "Laptop", activated_at: expect.any(String), last_seen_at: expect.any(String) },
    ]);
  });

  it("reveal: the whole key; another customer's licence 404; a revoked one 409; needs the CSRF marker", async () => {
    const mine = await buy(t, "revealer@example.com");
    await buy(t, "other@example.com");
    const headers = await signIn(t, "revealer@example.com");
    const other = await signIn(t, "other@example.com");
    const id = (await account(headers)).orders[0].licence?.id as number;
    const res = await call("POST", `/api/account/licences/${id}/reveal`, headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "success", key: mine.key });
    expect((await call("POST", `/api/account/licences/${id}/reveal`, { cookie: headers.cookie })).status).toBe(403);
    const foreign = await call("POST", `/api/account/licences/${id}/reveal`, other);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ status: "error" });
    expect((await call("POST", `/api/account/licences/999999/reveal`, headers)).status).toBe(404);
    await t.database.db.execute(sql`update licences set revoked_at = now() where id = ${id}`);
    expect((await call("POST", `/api/account/licences/${id}/reveal`, headers)).status).toBe(409);
    expect((await call("POST", `/api/account/licences/${id}/rotate`, headers)).status).toBe(409);
  });

  it("free a seat: the machine is gone and validation says NOT_ACTIVATED; another's machine or licence 404", async () => {
    const { key } = await buy(t, "seat@example.com");
    await post("/api/licenses/activate", { key, fingerprint: "fp-a", name: "Desk" });
    const headers = await signIn(t, "seat@example.com");
    const licence = (await account(headers)).orders[0].licence;
    const machine = licence?.machines[0].id as number;
    expect(await validate(key, "fp-a")).toMatchObject({ code: "VALID" });
    const foreign = await buy(t, "seat-other@example.com");
    await post("/api/licenses/activate", { key: foreign.key, fingerprint: "fp-z" });
    const otherHeaders = await signIn(t, "seat-other@example.com");
    const otherLicence = (await account(otherHeaders)).orders[0].licence;
    expect((await call("DELETE", `/api/account/licences/${licence?.id}/machines/${otherLicence?.machines[0].id}`, headers)).status).toBe(
      404,
    );
    expect(
      (await call("DELETE", `/api/account/licences/${otherLicence?.id}/machines/${otherLicence?.machines[0].id}`, headers)).status,
    ).toBe(404);
    expect((await call("DELETE", `/api/account/licences/${licence?.id}/machines/${machine}`, { cookie: headers.cookie })).status).toBe(403);
    const res = await call("DELETE", `/api/account/licences/${licence?.id}/machines/${machine}`, headers);
    expect(res.status).toBe(200);
    expect(await validate(key, "fp-a")).toMatchObject({ code: "NOT_ACTIVATED" });
    expect((await account(headers)).orders[0].licence?.machines).toEqual([]);
    expect((await call("DELETE", `/api/account/licences/${licence?.id}/machines/${machine}`, headers)).status).toBe(404);
  });

  it("rotate: a new key that validates, the old one NOT_FOUND at once, machines released, the new key mailed as a secret", async () => {
    const { key } = await buy(t, "rotor@example.com");
    await post("/api/licenses/activate", { key, fingerprint: "fp-r" });
    const headers = await signIn(t, "rotor@example.com");
    const id = (await account(headers)).orders[0].licence?.id as number;
    const res = await call("POST", `/api/account/licences/${id}/rotate`, headers);
    expect(res.status).toBe(200);
    const { key: fresh } = (await res.json()) as { key: string };
    expect(fresh).not.toBe(key);
    expect(await validate(key)).toMatchObject({ code: "NOT_FOUND" });
    expect(await validate(fresh)).toMatchObject({ code: "VALID" });
    const after = await account(headers);
    expect(after.orders[0].licence?.machines).toEqual([]);
    expect(after.orders[0].licence?.key_hint).toBe(fresh.split("-").pop());
    const mail = await lastMail(t, "rotor@example.com", "licence-key-replaced");
    expect(mail?.secrets).toEqual({ key: fresh });
    expect(mail?.row.textBody).not.toContain(fresh);
    const other = await signIn(t, "revealer@example.com");
    expect((await call("POST", `/api/account/licences/${id}/rotate`, other)).status).toBe(404);
  });

  it("resend receipt: 202 and a receipt mail with the key hidden; 3 an hour per order, then 429; another's order 404", async () => {
    const { key, orderId } = await buy(t, "receipt@example.com");
    const headers = await signIn(t, "receipt@example.com");
    for (let i = 0; i < 3; i++) expect((await call("POST", `/api/account/orders/${orderId}/receipt`, headers)).status).toBe(202);
    const mail = await lastMail(t, "receipt@example.com", "receipt");
    expect(mail?.secrets).toEqual({ key, order_token: expect.any(String) });
    expect(mail?.row.textBody).not.toContain(key);
    expect(mail?.row.textBody).toContain("/account");
    const over = await call("POST", `/api/account/orders/${orderId}/receipt`, headers);
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBeTruthy();
    const other = await signIn(t, "rotor@example.com");
    expect((await call("POST", `/api/account/orders/${orderId}/receipt`, other)).status).toBe(404);
    expect((await call("POST", `/api/account/orders/${orderId}/receipt`, { cookie: headers.cookie })).status).toBe(403);
  });

  it("last seen: validation writes a machine's last_seen_at at most once an hour", async () => {
    const { key } = await buy(t, "seen@example.com");
    await post("/api/licenses/activate", { key, fingerprint: "fp-s" });
    const seen = async () =>
      (
        await queryRows<{ ms: string }>(
          t.database.db,
          sql`select floor(extract(epoch from last_seen_at) * 1000)::float8 as ms from licence_machines where fingerprint = 'fp-s'`,
        )
      )[0].ms;
    const first = Number(await seen());
    clock += 30 * 60_000;
    await validate(key, "fp-s");
    expect(Number(await seen())).toBe(first);
    clock += 31 * 60_000;
    await validate(key, "fp-s");
    expect(Number(await seen())).toBe(clock);
    clock += 60_000;
    await post("/api/licenses/activate", { key, fingerprint: "fp-s" });
    expect(Number(await seen())).toBe(clock - 60_000);
  });
});
