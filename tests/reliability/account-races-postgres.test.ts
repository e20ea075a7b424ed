import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountSchema } from "../../contract/account";
import { queryRows } from "../../server/platform/db/query-rows";
import { buy, lastMail, PAY_SECRET, signIn } from "../helpers/account-fixtures";
import { addSaleVersion } from "../helpers/store-fixtures";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { pgUrl, sharedPostgres } from "./helpers/race-postgres";

// The customer account's races on PostgreSQL (PGlite runs one query at a time, so a race there proves
// nothing): two app instances, each with its own pool, on one database.
const figures: string[] = [];
let db: Awaited<ReturnType<typeof sharedPostgres>>;
let a: TestApp;
let b: TestApp;
const count = async (q: ReturnType<typeof sql>) => Number((await queryRows<{ n: string }>(a.database.db, q))[0].n);

describe.skipIf(!pgUrl)("customer account races on PostgreSQL, two app instances", () => {
  beforeAll(async () => {
    db = await sharedPostgres(pgUrl as string);
    const config = {
      PAYMENT_TEST_SECRET: PAY_SECRET,
      CHECKOUT_RATE_LIMIT: 1_000_000,
      LICENCE_RATE_LIMIT: 1_000_000,
      LOGIN_RATE_LIMIT: 1000,
      // 20 activations race one rotation here; the daily activation limit is another test's subject.
      LICENCE_ACTIVATIONS_PER_DAY: 1000,
    };
    a = await createTestApp({ database: db.open(12), config });
    b = await createTestApp({ database: db.open(12), config });
    await addSaleVersion(a, "acct-tool", "1.0", { machineLimit: 50 });
  });
  afterAll(async () => {
    console.log(["| account race on PostgreSQL | figure |", "| --- | --- |", ...figures].join("\n"));
    await db?.drop();
  });

  it("two simultaneous verifies of one code (and of one link) sign in once, 10 rounds each", async () => {
    let sessions = 0;
    for (let round = 0; round < 10; round++) {
      // An address per round: one address gets at most 5 sign-in mails an hour.
      const email = `twice${round}@example.com`;
      await buy(a, email);
      await a.request("/api/account/sign-in", { method: "POST", json: { email }, ip: `10.90.0.${round}` });
      const secrets = (await lastMail(a, email, "account-sign-in"))?.secrets;
      const body = round % 2 ? { token: secrets?.token } : { email, code: secrets?.code };
      const statuses = await Promise.all(
        [a, b].map(async (t) => (await t.request("/api/account/verify", { method: "POST", json: body, ip: `10.90.1.${round}` })).status),
      );
      expect(statuses.sort()).toEqual([200, 400]);
      sessions++;
    }
    expect(await count(sql`select count(*) as n from customer_sessions`)).toBe(sessions);
    figures.push("| 2 verifies of one code or link at once, 10 rounds | one 200 and one 400 each round |");
  });

  it("two rotations held at the licence row's lock: once it is free, one replaces the key and the other gets 409, 3 rounds", async () => {
    const holder = db.open(1);
    for (let round = 0; round < 3; round++) {
      const email = `rotate-twice${round}@example.com`;
      await buy(a, email);
      const headers = await signIn(a, email);
      const account = AccountSchema.parse(await (await a.request("/api/account", { headers })).json());
      const licenceId = account.orders[0].licence?.id as number;
      // Another connection holds the row, so both requests have read the key and wait at their UPDATE.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked = () => {};
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      const holding = holder.db.transaction(async (tx) => {
        await tx.execute(sql`select id from licences where id = ${licenceId} for update`);
        locked();
        await held;
      });
      await lockTaken;
      const rotations = [a, b].map((t) => t.request(`/api/account/licences/${licenceId}/rotate`, { method: "POST", headers }));
      try {
        await expect
          .poll(
            () => count(sql`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`),
            { timeout: 10_000 },
          )
          .toBe(2);
      } finally {
        release();
        await holding;
      }
      const statuses = (await Promise.all(rotations)).map((r) => r.status);
      expect(statuses.sort()).toEqual([200, 409]);
      figures.push(`| 2 rotations queued on the licence row, round ${round + 1} | ${statuses.join(" and ")} |`);
    }
  });

  it("a rotate racing 20 activations of the old key leaves no machine on the old key, 5 rounds", async () => {
    for (let round = 0; round < 5; round++) {
      const email = `rotate${round}@example.com`;
      const { key } = await buy(a, email);
      const headers = await signIn(a, email);
      const account = AccountSchema.parse(await (await a.request("/api/account", { headers })).json());
      const licenceId = account.orders[0].licence?.id as number;
      const activations = Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).request("/api/licenses/activate", {
          method: "POST",
          json: { key, fingerprint: `m-${round}-${i}` },
          ip: `10.91.${round}.${i}`,
        }),
      );
      const rotate = (round % 2 ? b : a).request(`/api/account/licences/${licenceId}/rotate`, { method: "POST", headers });
      const [rotated, ...done] = await Promise.all([rotate, ...activations]);
      expect(rotated.status).toBe(200);
      const statuses = done.map((r) => r.status);
      expect(statuses.every((s) => s === 201 || s === 404)).toBe(true);
      expect(await count(sql`select count(*) as n from licence_machines where licence_id = ${licenceId}`)).toBe(0);
      const validated = (await (await a.request("/api/licenses/validate", { method: "POST", json: { key }, ip: "10.92.0.1" })).json()) as {
        code: string;
      };
      expect(validated.code).toBe("NOT_FOUND");
      figures.push(
        `| rotate vs 20 activations, round ${round + 1} | ${statuses.filter((s) => s === 201).length} activated before (released), ${statuses.filter((s) => s === 404).length} refused after; 0 machines left |`,
      );
    }
  });
});
