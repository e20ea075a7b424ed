import type pg from "pg";

/**
 * Waits (up to ~5 s) until `count` connections to this database wait on a lock: lets a test hold a
 * row or index entry in an open transaction, start racing requests and release them only once all
 * are queued, so a race is forced rather than left to timing (PostgreSQL only).
 */
export async function waitForLockWaiters(pool: pg.Pool, count: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const waiting = await pool.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    if (waiting.rows[0].n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} connections ever waited on a lock`);
}
