import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { queryRows } from "./query-rows";

/**
 * The tables autovacuum would vacuum now, by its default thresholds: dead rows over 50 + 20 % of the
 * live ones, rows inserted since the last vacuum over 1,000 + 20 %, rows changed since the last
 * analyze over 50 + 10 %, or an old frozen-xid horizon (wraparound). Only this database's tables.
 */
const due = sql`
  select s.relname as name from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.schemaname = current_schema() and (
    s.n_dead_tup > 50 + 0.2 * s.n_live_tup
    or s.n_ins_since_vacuum > 1000 + 0.2 * s.n_live_tup
    or s.n_mod_since_analyze > 50 + 0.1 * s.n_live_tup
    or age(c.relfrozenxid) > current_setting('autovacuum_freeze_max_age')::bigint / 2)
  order by s.n_dead_tup desc`;

/**
 * PGlite runs PostgreSQL in single-user mode, where autovacuum never runs (measured: 100,000 dead rows
 * on a 20,000-row table, and no autovacuum after its one-minute naptime). Without it, updated tables
 * (rate limits, sessions, the outbox, orders changing status) grow without end, index-only scans (the
 * admin lists' capped counts) fall back to the heap, and the planner's statistics go stale. So the
 * hourly retention run does autovacuum's work on PGlite: VACUUM (ANALYZE) of each table that is due,
 * one at a time (each holds PGlite's one thread for its length; a clean table's visibility map makes
 * it cheap), and stops between tables when the server stops. PostgreSQL has its own autovacuum.
 */
export async function vacuumWhereDue(db: Pick<Db, "execute">, stopped: () => boolean = () => false): Promise<string[]> {
  // Raw SQL (decision 114): maintenance, the catalog's statistics and VACUUM.
  const tables = await queryRows<{ name: string }>(db, due);
  const done: string[] = [];
  for (const { name } of tables) {
    if (stopped()) break;
    await db.execute(sql`vacuum (analyze) ${sql.identifier(name)}`);
    done.push(name);
  }
  return done;
}
