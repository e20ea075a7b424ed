import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/helpers/test-db";
import type { Database } from "./client";
import { preparedRows } from "./prepared";
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

  it.runIf(process.env.TEST_DB === "postgres")("is a named statement on PostgreSQL, prepared on the connection", async () => {
    await preparedRows(database.db, "test-settings-by-key", byKey("prepared-a"));
    // pg-pool hands out the client released last: the one that just ran it.
    const rows = (await database.pool!.query("select statement from pg_prepared_statements where name = 'test-settings-by-key'")).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0].statement).toContain("from settings where key = $1");
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

  it.runIf(process.env.TEST_DB === "postgres")("refuses one name for two statement texts", async () => {
    await expect(preparedRows(database.db, "test-settings-by-key", sql`select key from settings`)).rejects.toThrow(/another text/);
  });
});
