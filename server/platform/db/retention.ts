import { DAY_MS } from "../../../contract/time";
import { and, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "./client";
import { queryRows } from "./query-rows";
import { auditLog, authTokens, customerSessions, customerSignIns, loginFailures, rateLimits } from "./schema";
import { describeErrorForLog, type LogFields } from "../log";
import { vacuumWhereDue } from "./vacuum";

// One retention run at a time across every process on the same database.
const RETENTION_LOCK = 7_301_002;
const BATCH = 5_000;
// Throttle windows are a minute, account locks 15 minutes: a day-old row counts for nothing.
export const THROTTLE_RETENTION_MS = DAY_MS;
const FIRST_RUN_AFTER_MS = 1_000;
const EVERY_MS = 3_600_000;

export type RetentionOptions = {
  auditRetentionDays: number;
  now?: () => Date;
  log?: (fields: LogFields) => void;
  /** PGlite: also VACUUM (ANALYZE) the tables autovacuum would (PGlite has no autovacuum; see vacuum.ts). */
  vacuum?: boolean;
};

/**
 * Deletes audit rows older than AUDIT_RETENTION_DAYS, throttle rows (rate_limits windows, stale
 * login_failures) older than a day, expired one-time tokens (auth_tokens), and the customers' expired
 * sign-in codes and sessions. In batches, each
 * its own short transaction that first takes a transaction-level advisory lock without waiting: when
 * another process holds it, that one is doing the work and this run stops.
 */
export async function runRetention(
  db: Db,
  options: RetentionOptions,
  stopped: () => boolean = () => false,
): Promise<Record<string, number>> {
  const now = (options.now ?? (() => new Date()))();
  const auditBefore = new Date(now.getTime() - options.auditRetentionDays * DAY_MS);
  const throttleBefore = new Date(now.getTime() - THROTTLE_RETENTION_MS);
  const steps = {
    audit: (tx: Db) =>
      tx
        .delete(auditLog)
        .where(inArray(auditLog.id, tx.select({ id: auditLog.id }).from(auditLog).where(lt(auditLog.createdAt, auditBefore)).limit(BATCH))),
    rateLimits: (tx: Db) => tx.delete(rateLimits).where(lt(rateLimits.windowStart, throttleBefore)),
    loginFailures: (tx: Db) =>
      tx
        .delete(loginFailures)
        .where(and(lt(loginFailures.updatedAt, throttleBefore), or(isNull(loginFailures.lockedUntil), lt(loginFailures.lockedUntil, now)))),
    // Expired one-time tokens (sign-in challenges, second-step tokens, reset and invitation links)
    // can never be used again; anyone can ask for a passkey challenge, so they must not pile up.
    authTokens: (tx: Db) =>
      tx
        .delete(authTokens)
        .where(
          inArray(
            authTokens.tokenHash,
            tx.select({ tokenHash: authTokens.tokenHash }).from(authTokens).where(lt(authTokens.expiresAt, now)).limit(BATCH),
          ),
        ),
    // Customer sign-in codes past their 15 minutes, and customer sessions past their 30 days or 7 idle days.
    customerSignIns: (tx: Db) => tx.delete(customerSignIns).where(lt(customerSignIns.expiresAt, now)),
    customerSessions: (tx: Db) =>
      tx
        .delete(customerSessions)
        .where(or(lt(customerSessions.expiresAt, now), lt(customerSessions.lastSeenAt, new Date(now.getTime() - 7 * DAY_MS)))),
  };
  const deleted: Record<string, number> = {};
  for (const [name, step] of Object.entries(steps)) {
    deleted[name] = 0;
    for (;;) {
      if (stopped()) return deleted;
      const count = await db.transaction(async (tx) => {
        // Raw SQL (decision 114): maintenance, an advisory lock.
        const [lock] = await queryRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`);
        if (!lock.locked) return -1;
        const result = await step(tx);
        return Number(result.rowCount ?? result.affectedRows ?? 0);
      });
      if (count < 0) return deleted; // another process is on it
      deleted[name] += count;
      if ((name !== "audit" && name !== "authTokens") || count < BATCH) break;
    }
  }
  if (options.log && Object.values(deleted).some((n) => n > 0)) options.log({ level: "info", msg: "retention", deleted });
  if (options.vacuum) {
    const vacuumed = await vacuumWhereDue(db, stopped);
    if (options.log && vacuumed.length) options.log({ level: "info", msg: "vacuum", tables: vacuumed });
  }
  return deleted;
}

/**
 * Runs retention in the background of each server process: first shortly after start (migrations
 * are applied by then), then hourly; never on a request. stop() is called first on SIGTERM: no new
 * run starts, a running one ends after its current batch, and the promise says when.
 */
export function startRetentionJob(db: Db, options: RetentionOptions) {
  let stopping = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout;
  const tick = () => {
    running = runRetention(db, options, () => stopping)
      .catch((err: unknown) => options.log?.({ level: "error", msg: "retention failed", ...describeErrorForLog(err) }))
      .finally(() => {
        if (!stopping) timer = setTimeout(tick, EVERY_MS).unref();
      });
  };
  timer = setTimeout(tick, FIRST_RUN_AFTER_MS).unref();
  return {
    stop(): Promise<unknown> {
      stopping = true;
      clearTimeout(timer);
      return running;
    },
  };
}
