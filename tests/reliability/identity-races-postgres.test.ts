import { sql } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../server/platform/db/query-rows";
import { MAX_FAILURES } from "../../server/features/identity/auth";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { pgUrl, sharedPostgres } from "./helpers/race-postgres";

// Second-step races on PostgreSQL (PGlite runs one query at a time, so a race there proves nothing):
// two app instances with their own pools on one database, one frozen clock.
const figures: string[] = [];
let db: Awaited<ReturnType<typeof sharedPostgres>>;
let a: TestApp;
let b: TestApp;
const frozen = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 15_000);
const now = () => frozen;
const ADMIN = { email: "mfa-race@example.com", password: "mfa race password 2026" };
let secret = "";

const post = (t: TestApp, path: string, json: unknown, ip: string, headers: Record<string, string> = {}) =>
  t.request(path, { method: "POST", json, ip, headers });
const codeAt = (ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

/** The password step from `ip`: the token for the second step. */
async function passwordStep(ip: string): Promise<string> {
  const res = await post(a, "/api/admin/login", ADMIN, ip);
  const body = (await res.json()) as { status: string; mfa_token: string };
  expect(body.status).toBe("mfa_required");
  return body.mfa_token;
}
const audited = async (action: string, ip: string) =>
  Number(
    (
      await queryRows<{ n: string }>(a.database.db, sql`select count(*) as n from audit_log where action = ${action} and client_ip = ${ip}`)
    )[0].n,
  );

describe.skipIf(!pgUrl)("second-step races on PostgreSQL, two app instances", () => {
  beforeAll(async () => {
    db = await sharedPostgres(pgUrl as string);
    a = await createTestApp({ database: db.open(12), now });
    b = await createTestApp({ database: db.open(12), now });
    // The admin enrols TOTP through the API, from an address the races below never use.
    await a.services.admins.createOrReset(ADMIN.email, ADMIN.password);
    const login = await post(a, "/api/admin/login", ADMIN, "10.60.0.1");
    const { auth_token: token } = (await login.json()) as { auth_token: string };
    const headers = { cookie: `session_id=${token}`, "x-requested-with": "XMLHttpRequest" };
    secret = ((await (await post(a, "/api/admin/mfa/totp/setup", {}, "10.60.0.1", headers)).json()) as { secret: string }).secret;
    expect((await post(a, "/api/admin/mfa/totp/enable", { code: await codeAt(frozen.getTime()) }, "10.60.0.1", headers)).status).toBe(200);
  });
  afterAll(async () => {
    console.log(["| second-step race on PostgreSQL | figure |", "| --- | --- |", ...figures].join("\n"));
    await db?.drop();
  });

  it(`50 parallel wrong codes for one login, split over both instances: exactly ${MAX_FAILURES - 1} are checked (the password took one)`, async () => {
    const ip = "10.60.1.1";
    const mfaToken = await passwordStep(ip);
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post(i % 2 ? a : b, "/api/admin/login/mfa", { mfa_token: mfaToken, code: "000000" }, ip)),
    ).then((all) => all.map((r) => r.status));
    const checked = statuses.filter((s) => s === 401).length;
    const throttled = statuses.filter((s) => s === 429).length;
    figures.push(`| 50 parallel wrong TOTP codes, one login, A and B | ${checked} checked (401), ${throttled} throttled (429) |`);
    expect({ checked, throttled }).toEqual({ checked: MAX_FAILURES - 1, throttled: 50 - (MAX_FAILURES - 1) });
    expect(await audited("login.mfa_failure", ip)).toBe(MAX_FAILURES - 1);
    // Locked: the right code from that address is refused too, until the lock ends.
    expect((await post(a, "/api/admin/login/mfa", { mfa_token: mfaToken, code: await codeAt(frozen.getTime() + 30_000) }, ip)).status).toBe(
      429,
    );
  });

  it("50 parallel wrong recovery codes count the same way", async () => {
    const ip = "10.60.2.1";
    const mfaToken = await passwordStep(ip);
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(i % 2 ? a : b, "/api/admin/login/mfa", { mfa_token: mfaToken, recovery_code: `wrong-${i}` }, ip),
      ),
    ).then((all) => all.map((r) => r.status));
    const checked = statuses.filter((s) => s === 401).length;
    figures.push(`| 50 parallel wrong recovery codes, one login, A and B | ${checked} checked |`);
    expect(checked).toBe(MAX_FAILURES - 1);
    expect(statuses.filter((s) => s === 429).length).toBe(50 - checked);
  });

  it("one right code sent 10 times at once over two logins signs in exactly once (a code is accepted once)", async () => {
    const tokens = [await passwordStep("10.60.3.1"), await passwordStep("10.60.3.2")];
    const code = await codeAt(frozen.getTime() + 30_000); // the next step: enrolment spent the current one
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(i % 2 ? a : b, "/api/admin/login/mfa", { mfa_token: tokens[i % 2], code }, i % 2 ? "10.60.3.2" : "10.60.3.1"),
      ),
    ).then((all) => all.map((r) => r.status));
    figures.push(`| the same right code 10 times in parallel | ${statuses.filter((s) => s === 200).length} signed in |`);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The others are refused as a spent code (401), or throttled once that address's attempts are used up (429).
    expect(statuses.filter((s) => s !== 200 && s !== 401 && s !== 429)).toEqual([]);
  });
});
