import { expect, it } from "vitest";
import type { Database } from "../../server/platform/db/client";
import { sqlSession } from "./postgres-server";
import type { SqlSession } from "./test-db-reset";
import { createTestDatabase } from "./test-db";

// The unit suite's database copies are reused within a worker (tests/helpers/pglite-pool.ts,
// postgres-pool.ts): each owner must still start from the migrated template, whatever the owner
// before it did. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
const onPglite = process.env.TEST_DB !== "postgres";

function sessionOf(database: Database): SqlSession {
  if (database.pglite) return database.pglite;
  if (!database.pool) throw new Error("a test database is PGlite or a pg pool");
  return sqlSession(database.pool);
}

/** Which copy this is: the PGlite instance, or the PostgreSQL database's name. */
const copyOf = async (database: Database): Promise<unknown> =>
  database.pglite ?? (await sessionOf(database).query<{ name: string }>("select current_database() as name")).rows[0].name;

const counters = async (session: SqlSession) => (await session.query("select name, value::text from stat_counters order by name")).rows;

it("a copy given back is handed out again as migrated: no rows, the seeded rows, every sequence restarted, no statistics", async () => {
  const first = await createTestDatabase();
  const session = sessionOf(first);
  const migrated = await counters(session);
  expect(migrated.length).toBeGreaterThan(0);
  await session.query(
    "insert into contact_messages (source, name, email, message) values ('general', 'Asha', 'asha@example.com', 'Hello')",
  );
  await session.query(
    "insert into contact_messages (source, name, email, message) values ('general', 'Ravi', 'ravi@example.com', 'Hello again')",
  );
  await session.query("update stat_counters set value = value + 41");
  await session.query("set statement_timeout = 1234");
  const copy = await copyOf(first);
  await first.close();

  const second = await createTestDatabase();
  try {
    const again = sessionOf(second);
    expect(await copyOf(second)).toBe(copy); // the same copy, reused
    expect((await again.query("select count(*)::int as n from contact_messages")).rows).toEqual([{ n: 0 }]);
    expect(await counters(again)).toEqual(migrated);
    expect((await again.query("show statement_timeout")).rows).toEqual([{ statement_timeout: "0" }]);
    const { rows } = await again.query(
      "insert into contact_messages (source, name, email, message) values ('campus', 'Meera', 'meera@example.com', 'Hi') returning id",
    );
    expect(rows).toEqual([{ id: 1 }]);
    // PGlite only: PostgreSQL's backends of the last owner report their counts as they exit, when
    // they will; no PostgreSQL test reads them (the vacuum job and its test are PGlite's).
    if (onPglite) {
      await again.query("select pg_stat_force_next_flush()");
      const stats = await again.query(
        "select n_tup_ins::int, n_tup_del::int, n_dead_tup::int from pg_stat_user_tables where relname = 'contact_messages'",
      );
      expect(stats.rows).toEqual([{ n_tup_ins: 1, n_tup_del: 0, n_dead_tup: 0 }]);
    }
  } finally {
    await second.close();
  }
});

it("a copy whose schema its owner changed is never handed out again", async () => {
  const altered = await createTestDatabase();
  await sessionOf(altered).query("alter table contact_messages add column note text");
  const copy = await copyOf(altered);
  await altered.close();

  const next = await createTestDatabase();
  try {
    expect(await copyOf(next)).not.toBe(copy);
    const columns = await sessionOf(next).query(
      "select column_name from information_schema.columns where table_name = 'contact_messages' and column_name = 'note'",
    );
    expect(columns.rows).toEqual([]);
  } finally {
    await next.close();
  }
});

it.skipIf(!onPglite)("a PGlite copy left inside a transaction, or whose schema changed, is closed", async () => {
  const altered = await createTestDatabase();
  await sessionOf(altered).query("alter table contact_messages add column note text");
  await altered.close();
  expect(altered.pglite?.closed).toBe(true);

  const inTransaction = await createTestDatabase();
  await sessionOf(inTransaction).query("begin");
  await sessionOf(inTransaction).query(
    "insert into contact_messages (source, name, email, message) values ('general', 'Dev', 'dev@example.com', 'Open')",
  );
  await inTransaction.close();
  expect(inTransaction.pglite?.closed).toBe(true);

  const fresh = await createTestDatabase();
  try {
    expect((await sessionOf(fresh).query("select count(*)::int as n from contact_messages")).rows).toEqual([{ n: 0 }]);
  } finally {
    await fresh.close();
  }
});
