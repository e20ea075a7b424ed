import type { PGlite } from "@electric-sql/pglite";
import { expect, it } from "vitest";
import { createTestDatabase } from "./test-db";

// The unit suite's PGlite copies are reused within a worker (tests/helpers/pglite-pool.ts): each
// owner must still start from the migrated template, whatever the owner before it did.
const pgliteOf = (database: { pglite?: PGlite }): PGlite => {
  if (!database.pglite) throw new Error("these tests are about PGlite copies");
  return database.pglite;
};

const counters = async (pglite: PGlite) => (await pglite.query("select name, value::text from stat_counters order by name")).rows;

it("a copy given back is handed out again as migrated: no rows, the seeded rows, every sequence restarted", async () => {
  const first = await createTestDatabase();
  const pglite = pgliteOf(first);
  const migrated = await counters(pglite);
  expect(migrated.length).toBeGreaterThan(0);
  await pglite.exec(`insert into contact_messages (source, name, email, message) values ('general', 'Asha', 'asha@example.com', 'Hello');
    insert into contact_messages (source, name, email, message) values ('general', 'Ravi', 'ravi@example.com', 'Hello again');
    update stat_counters set value = value + 41;
    set statement_timeout = 1234;`);
  await first.close();

  const second = await createTestDatabase();
  try {
    expect(pgliteOf(second)).toBe(pglite); // the same instance, reused
    expect((await pglite.query("select count(*)::int as n from contact_messages")).rows).toEqual([{ n: 0 }]);
    expect(await counters(pglite)).toEqual(migrated);
    expect((await pglite.query("show statement_timeout")).rows).toEqual([{ statement_timeout: "0" }]);
    const { rows } = await pglite.query(
      "insert into contact_messages (source, name, email, message) values ('campus', 'Meera', 'meera@example.com', 'Hi') returning id",
    );
    expect(rows).toEqual([{ id: 1 }]);
  } finally {
    await second.close();
  }
});

it("a copy whose schema its owner changed, or left inside a transaction, is closed and never handed out again", async () => {
  const altered = await createTestDatabase();
  await pgliteOf(altered).exec("alter table contact_messages add column note text");
  await altered.close();
  expect(pgliteOf(altered).closed).toBe(true);

  const inTransaction = await createTestDatabase();
  expect(pgliteOf(inTransaction)).not.toBe(pgliteOf(altered));
  await pgliteOf(inTransaction).exec(
    "begin; insert into contact_messages (source, name, email, message) values ('general', 'Dev', 'dev@example.com', 'Open')",
  );
  await inTransaction.close();
  expect(pgliteOf(inTransaction).closed).toBe(true);

  const fresh = await createTestDatabase();
  try {
    const columns = await pgliteOf(fresh).query(
      "select column_name from information_schema.columns where table_name = 'contact_messages' and column_name = 'note'",
    );
    expect(columns.rows).toEqual([]);
    expect((await pgliteOf(fresh).query("select count(*)::int as n from contact_messages")).rows).toEqual([{ n: 0 }]);
  } finally {
    await fresh.close();
  }
});
