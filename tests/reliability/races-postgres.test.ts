import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateCouponCodes } from "../../contract/coupon-code";
import { queryRows } from "../../server/platform/db/query-rows";
import { LOGIN_POSTS_PER_MINUTE, MAX_FAILURES } from "../../server/features/identity/auth";
import { addVersions, versionInput } from "../helpers/product-fixtures";
import { createTestApp, TEST_ADMIN, type TestApp } from "../helpers/test-app";
import { pgUrl, sharedPostgres } from "./helpers/race-postgres";

// Races on PostgreSQL (PGlite runs one query at a time, so races there prove nothing): two app
// instances, each with its own pg pool, on one database, as in production behind a proxy.
const PREFIX = "RACE";
const figures: string[] = [];
let db: Awaited<ReturnType<typeof sharedPostgres>>;
let a: TestApp;
let b: TestApp;
let adminA: Record<string, string>;

// One clock for both instances, mid-minute: the per-IP limiter's fixed window cannot roll over mid-test.
const frozen = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 30_000);
const now = () => frozen;

describe.skipIf(!pgUrl)("races on PostgreSQL, two app instances", () => {
  beforeAll(async () => {
    db = await sharedPostgres(pgUrl as string);
    const config = { COUPON_PREFIX: PREFIX, CONTACT_RATE_LIMIT: 100_000 };
    a = await createTestApp({ database: db.open(12), config, now });
    b = await createTestApp({ database: db.open(12), config, now });
    adminA = (await a.loginAsAdmin()).headers;
  });
  afterAll(async () => {
    console.log(["| race on PostgreSQL | figure |", "| --- | --- |", ...figures].join("\n"));
    await db?.drop();
  });

  const wrongLogin = async (t: TestApp, ip: string, email = TEST_ADMIN.email) =>
    (await t.request("/api/admin/login", { method: "POST", json: { email, password: "wrong-password-guess" }, ip })).status;
  const tally = (statuses: number[]) => ({
    checked: statuses.filter((s) => s === 401).length,
    throttled: statuses.filter((s) => s === 429).length,
  });
  const failuresAudited = async (ip: string) =>
    Number(
      (
        await queryRows<{ n: string }>(
          a.database.db,
          sql`select count(*) as n from audit_log where action = 'login.failure' and client_ip = ${ip}`,
        )
      )[0].n,
    );

  describe("login throttle", () => {
    it(`50 parallel wrong passwords for one account from one IP: exactly ${MAX_FAILURES} reach the password check`, async () => {
      const ip = "10.50.0.1";
      const statuses = await Promise.all(Array.from({ length: 50 }, () => wrongLogin(a, ip)));
      const { checked, throttled } = tally(statuses);
      figures.push(`| 50 parallel wrong passwords, 1 instance, pool 12 | ${checked} checked (401), ${throttled} throttled (429) |`);
      expect({ checked, throttled }).toEqual({ checked: MAX_FAILURES, throttled: 50 - MAX_FAILURES });
      expect(await failuresAudited(ip)).toBe(MAX_FAILURES);
    });

    it(`50 parallel logins for 50 unknown accounts from one IP: exactly ${LOGIN_POSTS_PER_MINUTE} pass the per-IP limit`, async () => {
      const ip = "10.50.0.2";
      const statuses = await Promise.all(Array.from({ length: 50 }, (_, i) => wrongLogin(i % 2 ? a : b, ip, `nobody${i}@example.com`)));
      const { checked, throttled } = tally(statuses);
      figures.push(`| 50 parallel logins, 50 accounts, 1 IP, split over A and B | ${checked} checked, ${throttled} throttled |`);
      expect({ checked, throttled }).toEqual({ checked: LOGIN_POSTS_PER_MINUTE, throttled: 50 - LOGIN_POSTS_PER_MINUTE });
    });

    it("failures split over both instances add up: 25 + 25 parallel guesses still check only the limit", async () => {
      const ip = "10.50.0.3";
      const statuses = await Promise.all(Array.from({ length: 50 }, (_, i) => wrongLogin(i % 2 ? a : b, ip)));
      const { checked } = tally(statuses);
      figures.push(`| 25 + 25 parallel wrong passwords on A and B | ${checked} checked |`);
      expect(checked).toBe(MAX_FAILURES);
      expect(await failuresAudited(ip)).toBe(MAX_FAILURES);
    });

    it("sequential failures alternate between instances and lock the account on both", async () => {
      const ip = "10.50.0.4";
      for (let i = 0; i < MAX_FAILURES; i++) expect(await wrongLogin(i % 2 ? a : b, ip)).toBe(401);
      expect(await wrongLogin(a, ip)).toBe(429);
      const right = await b.request("/api/admin/login", { method: "POST", json: TEST_ADMIN, ip });
      expect(right.status).toBe(429);
    });
  });

  describe("sessions", () => {
    it("a session made on A works on B; logout on B revokes it on A", async () => {
      const res = await a.request("/api/admin/login", { method: "POST", json: TEST_ADMIN, ip: "10.50.1.1" });
      expect(res.status).toBe(200);
      const { auth_token: token } = (await res.json()) as { auth_token: string };
      const cookieHeaders = { cookie: `session_id=${token}`, "x-requested-with": "XMLHttpRequest" };
      expect((await b.request("/api/check/auth/admin", { headers: { cookie: `session_id=${token}` } })).status).toBe(200);
      const quest = await b.request("/api/devquests", {
        method: "POST",
        headers: cookieHeaders,
        json: { title: "Race", description: "Made on B", prize: "$1" },
      });
      expect(quest.status).toBe(201);
      expect((await a.request("/api/check/auth/admin", { headers: { authorization: token } })).status).toBe(200);
      expect((await b.request("/api/admin/logout", { method: "POST", headers: cookieHeaders })).status).toBe(200);
      expect((await a.request("/api/check/auth/admin", { headers: { authorization: token } })).status).toBe(401);
      expect((await b.request("/api/check/auth/admin", { headers: { authorization: token } })).status).toBe(401);
      figures.push("| session from A used on B, logout on B | revoked on A and B |");
    });
  });

  describe("product versions and patches added at once on A and B", () => {
    it("ten versions of one new product at once: all 201; the same version twice: 201 + 409", async () => {
      const versions = Array.from({ length: 10 }, (_, i) => `${i + 1}.0`);
      const add = (t: TestApp, version: string) =>
        t.request("/api/oni/add/product/version", { method: "POST", headers: adminA, json: versionInput("race-new", version) });
      const statuses = (await Promise.all(versions.map((v, i) => add(i % 2 ? a : b, v)))).map((r) => r.status);
      expect(statuses).toEqual(versions.map(() => 201));
      const twice = (await Promise.all([add(a, "11.0"), add(b, "11.0")])).map((r) => r.status).sort();
      expect(twice).toEqual([201, 409]);
      figures.push(
        `| 10 versions of a new product at once; one version twice | ${statuses.filter((s) => s === 201).length} x 201; ${twice.join(" + ")} |`,
      );
    });

    it("patches of one base version sent at once keep the rule: each stored patch is newer than those stored before it", async () => {
      const bases = Array.from({ length: 8 }, (_, i) => `${i + 1}.0`);
      await addVersions(a, adminA, "race-patch", bases);
      let stored = 0;
      for (const base of bases) {
        // Five patches of this base, newest first, alternating instances: without serialisation each sees no earlier patch.
        const patches = [5, 4, 3, 2, 1].map((n) => `${base}.${n}`);
        const results = await Promise.all(
          patches.map((patch, i) =>
            (i % 2 ? a : b).request("/api/products/version/patch/create", {
              method: "POST",
              headers: adminA,
              json: { product: "race-patch", majorVersion: base, patchVersion: patch },
            }),
          ),
        );
        for (const r of results) expect([201, 400]).toContain(r.status);
        const rows = await queryRows<{ patch_version: string }>(
          a.database.db,
          sql`select p.patch_version from patch_releases p join product_versions v on v.id = p.product_version_id
              where v.product_id = 'race-patch' and v.version = ${base} order by p.id`,
        );
        const order = rows.map((r) => Number(r.patch_version.split(".")[2]));
        expect(order, `stored in this order: ${order.join(", ")}`).toEqual([...order].sort((x, y) => x - y));
        stored += order.length;
      }
      figures.push(`| 5 patches of one base at once on A and B, 8 bases | ${stored} stored, each newer than the ones before |`);
    });
  });

  describe("coupon batches racing with themselves", () => {
    const postBatch = (t: TestApp, version: string, codes: string[]) =>
      t.request("/api/products/coupon/update", {
        method: "POST",
        headers: adminA,
        json: { product_id: "race-prod", version, coupons: codes, discount_percentage: 10 },
      });
    const stored = async (version: string) =>
      (
        await queryRows<{ code: string }>(
          a.database.db,
          sql`select c.code from coupons c join product_versions v on v.id = c.product_version_id
              join products p on p.id = v.product_id where p.id = 'race-prod' and v.version = ${version}`,
        )
      ).map((r) => r.code);

    beforeAll(async () => {
      await addVersions(a, adminA, "race-prod", ["1.0", "2.0", "3.0"]);
    });

    it("the same batch four times at once on A and B: stored once, the others 409", async () => {
      // A whole batch at the API's maximum (100 codes, decision 026).
      const codes = generateCouponCodes(PREFIX, 100);
      const statuses = (await Promise.all([a, b, a, b].map((t) => postBatch(t, "1.0", codes)))).map((r) => r.status);
      figures.push(`| same 100-code batch x4 on A and B | statuses ${statuses.sort().join(" ")} |`);
      expect(statuses.sort()).toEqual([200, 409, 409, 409]);
      const rows = await stored("1.0");
      expect(rows).toHaveLength(codes.length);
      expect(new Set(rows)).toEqual(new Set(codes));
    });

    it("the same codes in opposite orders on A and B (30 rounds): one 200, three 409, never a 5xx or a partial batch", async () => {
      const outcomes = new Map<string, number>();
      let storedTotal = 0;
      for (let round = 0; round < 30; round++) {
        const codes = generateCouponCodes(PREFIX, 100);
        const reversed = [...codes].reverse();
        const statuses = (
          await Promise.all([
            postBatch(a, "2.0", codes),
            postBatch(b, "2.0", reversed),
            postBatch(b, "2.0", codes),
            postBatch(a, "2.0", reversed),
          ])
        ).map((r) => r.status);
        const key = statuses.sort().join("+");
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
        storedTotal += codes.length;
      }
      figures.push(`| 100 codes x4, opposite orders on A and B, 30 rounds | ${[...outcomes].map(([k, n]) => `${k}: ${n}`).join(", ")} |`);
      expect(Object.fromEntries(outcomes)).toEqual({ "200+409+409+409": 30 });
      const rows = await stored("2.0");
      expect(rows).toHaveLength(storedTotal);
      expect(new Set(rows).size).toBe(storedTotal);
    });

    it("overlapping batches (shared middle, different order) at once: exactly one whole batch is stored", async () => {
      const codes = generateCouponCodes(PREFIX, 150);
      const first = codes.slice(0, 100);
      const second = codes.slice(50).reverse();
      const [ra, rb] = await Promise.all([postBatch(a, "3.0", first), postBatch(b, "3.0", second)]);
      const statuses = [ra.status, rb.status].sort();
      figures.push(`| two 100-code batches sharing 50 codes on A and B | statuses ${statuses.join(" ")} |`);
      expect(statuses).toEqual([200, 409]);
      const winner = ra.status === 200 ? first : second;
      expect(new Set(await stored("3.0"))).toEqual(new Set(winner));
    });
  });
});
