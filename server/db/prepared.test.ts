import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/helpers/test-db";
import type { Database } from "./client";
import { preparedRows, preparedRowsByText } from "./prepared";
import { queryRows } from "./query-rows";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`insert into settings (key, value) values ('prepared-a', 'one'), ('prepared-b', 'two')`);
});
afterAll(() => database.close());

const byKey = (key: string) => sql`select key, value, now() as at, interval '1 day' as span from settings where key = ${key}`;

describe("preparedRows", () => {
  it("answers the rows a plain query answers, timestamps and intervals as the server's text", async () => {
    for (const key of ["prepared-a", "prepared-b", "none"]) {
      const rows = await preparedRows<{ key: string; at: unknown; span: unknown }>(database.db, "test-settings-by-key", byKey(key));
      const plain = await queryRows<{ key: string }>(database.db, byKey(key));
      expect(rows.map((r) => r.key)).toEqual(plain.map((r) => r.key));
      for (const row of rows) {
        expect(typeof row.at).toBe("string");
        expect(row.span).toBe("1 day");
      }
    }
  });

  it("runs inside a transaction on that transaction (it sees the transaction's own writes)", async () => {
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into settings (key, value) values ('prepared-tx', 'uncommitted')`);
        const rows = await preparedRows<{ value: string }>(tx, "test-settings-by-key", byKey("prepared-tx"));
        expect(rows.map((r) => r.value)).toEqual(["uncommitted"]);
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error) || !/rollback/i.test(err.message)) throw err;
      });
    expect(await queryRows(database.db, byKey("prepared-tx"))).toEqual([]);
  });

  it("is a named statement, prepared once on the connection (PGlite's one, or the pool's)", async () => {
    await preparedRows(database.db, "test-settings-by-key", byKey("prepared-a"));
    // pg-pool hands out the client released last: the one that just ran it.
    const rows = await queryRows<{ statement: string }>(
      database.db,
      sql`select statement from pg_prepared_statements where name = 'test-settings-by-key'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].statement).toContain("from settings where key = $1");
  });

  it("never runs inside another caller's open transaction (PGlite has one connection)", async () => {
    let inserted!: () => void;
    let finish!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const other = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into settings (key, value) values ('prepared-open', 'uncommitted')`);
        inserted();
        await finished;
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error) || !/rollback/i.test(err.message)) throw err;
      });
    await insertedYet;
    const read = preparedRows<{ value: string }>(database.db, "test-settings-by-key", byKey("prepared-open"));
    // Time for the read to run, were it allowed to, while the other transaction is still open.
    await new Promise((resolve) => setTimeout(resolve, 50));
    finish();
    await other;
    expect(await read).toEqual([]);
  });

  it("serialises parameters and reads nulls as a plain query does", async () => {
    const typed = (at: Date, note: string | null, n: number) =>
      sql`select ${at}::timestamptz as at, ${note}::text as note, ${n}::int + 1 as next`;
    const at = new Date("2026-01-02T03:04:05.678Z");
    for (const note of ["a 'quoted' note", null]) {
      const rows = await preparedRows(database.db, "test-typed-params", typed(at, note, 41));
      expect(rows).toEqual(await queryRows(database.db, typed(at, note, 41)));
      expect(rows[0]).toMatchObject({ note, next: 42 });
    }
  });

  it("fails a bad value with PostgreSQL's error, and the connection answers the next call", async () => {
    const asInt = (value: string) => sql`select ${value}::int as n`;
    await expect(preparedRows(database.db, "test-as-int", asInt("not a number"))).rejects.toMatchObject({ code: "22P02" });
    expect(await preparedRows(database.db, "test-as-int", asInt("7"))).toEqual([{ n: 7 }]);
  });

  it("refuses one name for two statement texts", async () => {
    await expect(preparedRows(database.db, "test-settings-by-key", sql`select key from settings`)).rejects.toThrow(/another text/);
  });
});

// PGlite runs every statement in one session, so the plan_cache_mode set for a run must not outlive it.
describe.skipIf(process.env.TEST_DB === "postgres")("preparedRowsByText with generic (PGlite, decision 079)", () => {
  const plans = async () =>
    (
      await queryRows<{ generic_plans: number | string; custom_plans: number | string }>(
        database.db,
        sql`select generic_plans, custom_plans from pg_prepared_statements where name like 'test_generic_%'`,
      )
    ).map((r) => [Number(r.generic_plans), Number(r.custom_plans)]);
  const mode = async () => (await queryRows<{ plan_cache_mode: string }>(database.db, sql`show plan_cache_mode`))[0].plan_cache_mode;

  it("runs the generic plan from the first run, and leaves the session's setting as it was", async () => {
    for (const key of ["prepared-a", "prepared-b", "none"]) {
      const rows = await preparedRowsByText<{ key: string }>(database.db, "test_generic", byKey(key), { generic: true });
      expect(rows.map((r) => r.key)).toEqual(key === "none" ? [] : [key]);
    }
    expect(await plans()).toEqual([[3, 0]]);
    expect(await mode()).toBe("auto");
  });

  it("resets the setting when the run fails", async () => {
    const asInt = (value: string) => sql`select ${value}::int as n, 'generic' as test_generic`;
    await expect(preparedRowsByText(database.db, "test_generic_int", asInt("x"), { generic: true })).rejects.toMatchObject({
      code: "22P02",
    });
    expect(await mode()).toBe("auto");
    expect(await preparedRowsByText(database.db, "test_generic_int", asInt("7"), { generic: true })).toEqual([
      { n: 7, test_generic: "generic" },
    ]);
  });
});
