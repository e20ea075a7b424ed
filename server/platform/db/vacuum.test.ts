import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/helpers/test-db";
import type { Database } from "./client";
import { queryRows } from "./query-rows";
import { runRetention } from "./retention";
import { vacuumWhereDue } from "./vacuum";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

// A backend reports its table statistics at most once a second; this makes the next report immediate.
const flushStats = () => database.db.execute(sql`select pg_stat_force_next_flush()`);

const rateLimitStats = async () =>
  (
    await queryRows<{ dead: string; vacuumed: boolean }>(
      database.db,
      sql`select n_dead_tup as dead, last_vacuum is not null as vacuumed from pg_stat_user_tables
        where relname = 'rate_limits' and schemaname = current_schema()`,
    )
  )[0];

// PGlite only: the job runs there alone (PostgreSQL has autovacuum), and PostgreSQL's backends report
// their table statistics a second or more late, which would make the "due" list a race.
describe.skipIf(process.env.TEST_DB === "postgres")("vacuum where due (PGlite has no autovacuum)", () => {
  it("vacuums and analyses the tables autovacuum would, one by one, and leaves clean ones alone", async () => {
    await database.db.execute(sql`vacuum (analyze)`);
    await flushStats();
    expect(await vacuumWhereDue(database.db)).toEqual([]);
    await database.db.execute(
      sql`insert into rate_limits (key, window_start, count) select 'k' || i, now(), 1 from generate_series(1, 500) i`,
    );
    for (let i = 0; i < 3; i++) await database.db.execute(sql`update rate_limits set count = count + 1`);
    await flushStats();
    expect(Number((await rateLimitStats()).dead)).toBeGreaterThan(500); // 1,500 less what page pruning took
    expect(await vacuumWhereDue(database.db)).toEqual(["rate_limits"]);
    const after = await rateLimitStats();
    expect([Number(after.dead), after.vacuumed]).toEqual([0, true]);
    expect(await vacuumWhereDue(database.db)).toEqual([]);
  });

  it("is part of the retention run when asked (the server asks on PGlite), and stops when the server stops", async () => {
    await database.db.execute(sql`update rate_limits set count = count + 1`);
    await flushStats();
    expect(await vacuumWhereDue(database.db, () => true)).toEqual([]);
    await runRetention(database.db, { auditRetentionDays: 365 });
    await flushStats();
    expect(Number((await rateLimitStats()).dead)).toBeGreaterThan(0);
    await runRetention(database.db, { auditRetentionDays: 365, vacuum: true });
    await flushStats();
    expect(Number((await rateLimitStats()).dead)).toBe(0);
  });
});
