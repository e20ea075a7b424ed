import { getTableName, sql } from "drizzle-orm";
import { queryRows } from "../../platform/db/query-rows";
import { contactMessages, mailOutbox, rateLimits } from "../../platform/db/schema";
import { bare, nameLiteral, names } from "../../platform/db/sql-names";
import { sqlState } from "../../platform/db/db-errors";
import type { ServiceDeps } from "../../platform/service-deps";
import { renderContactNotification } from "../mail";
import { mailContext } from "../mail";
import { messageIdDomain } from "../mail";
import { rateWindow } from "../../platform/rate-limit";

/** One contact message as stored. */
export type ContactRow = {
  source: "general" | "campus";
  name: string;
  email: string;
  message: string;
  orgType: string | null;
  orgName: string | null;
  otherType: string | null;
  clientIp: string;
  createdAt: Date;
};

export type WriteOutcome = { stored: true } | { stored: false; retryAfterSeconds: number };

type Pending = {
  row: ContactRow;
  rateKey: string;
  window: ReturnType<typeof rateWindow>;
  resolve(outcome: WriteOutcome): void;
  reject(err: unknown): void;
};

const WINDOW_SECONDS = 60;
/** Rows per statement; a longer queue is written in several statements, one after another. */
const MAX_BATCH = 500;

const cm = contactMessages;
const rl = rateLimits;
const mo = mailOutbox;

// The batch's JSON keys are this file's own vocabulary; the tables and columns written come from
// the schema (server/platform/db/sql-names.ts), so a rename there changes this text or fails the typecheck.
const BATCH_COLUMNS = sql.raw(`i int, rate_key text, window_start timestamptz, source text, name text, email text, message text,
      org_type text, org_name text, other_type text, client_ip text, created_at timestamptz`);
/** The mail's parts, beside each post when it is notified. */
const NOTIFY_COLUMNS = sql.raw(", subject text, html_a text, html_b text, text_a text, text_b text");
const batchOf = (json: string, notify: boolean) => sql`batch as (
    select * from json_to_recordset(${json}::json) as b(${BATCH_COLUMNS}${notify ? NOTIFY_COLUMNS : sql``})
  ), hits as (
    insert into ${rl} (${names(rl.key, rl.windowStart, rl.count)})
    select rate_key, window_start, count(*) from batch group by rate_key, window_start
    on conflict (${names(rl.key, rl.windowStart)}) do update set ${bare(rl.count)} = ${rl.count} + excluded.${bare(rl.count)}
    returning ${rl.key} as key, ${rl.windowStart} as window_start, ${rl.count} as count
  ), ranked as (
    select b.*, (h.count - count(*) over w + row_number() over (w order by b.i))::int as nth
    from batch b join hits h on h.key = b.rate_key and h.window_start = b.window_start
    window w as (partition by b.rate_key, b.window_start)
  )`;
const MESSAGE_COLUMNS = [cm.source, cm.name, cm.email, cm.message, cm.orgType, cm.orgName, cm.otherType, cm.clientIp, cm.createdAt];
const MESSAGE_VALUES = sql.raw("source, name, email, message, org_type, org_name, other_type, client_ip, created_at");

// `nth` = each post's position among its key's hits in the window, counting other instances'
// earlier hits (the upsert returns the count after adding this batch's hits). `json`: the batch as
// a JSON array, `limit`: CONTACT_RATE_LIMIT.
const batchSql = (json: string, limit: number) => sql`
  with ${batchOf(json, false)}, stored as (
    insert into ${cm} (${names(...MESSAGE_COLUMNS)})
    select ${MESSAGE_VALUES}
    from ranked where nth <= ${limit} order by i
  )
  select i, nth from ranked`;

/**
 * The same statement when CONTACT_NOTIFY_TO is set: it also writes one outbox row per STORED post
 * (none for a throttled one), so the notification commits with the message or not at all. The
 * stored rows take their ids from the sequence first, so the mail can link to its message: the
 * notification's HTML and text come rendered in two halves each (before/after the id).
 * `to`: recipients (one text[] parameter), `domain`: the Message-ID domain.
 */
const batchNotifySql = (json: string, limit: number, to: string[], domain: string) => sql`
  with ${batchOf(json, true)}, accepted as (
    select r.*, nextval(pg_get_serial_sequence(${nameLiteral(getTableName(cm))}, ${nameLiteral(cm.id.name)})) as id
    from ranked r where nth <= ${limit}
  ), stored as (
    insert into ${cm} (${names(cm.id, ...MESSAGE_COLUMNS)})
    select id, ${MESSAGE_VALUES} from accepted order by i
  ), notified as (
    insert into ${mo} (${names(mo.kind, mo.messageId, mo.toAddrs, mo.replyTo, mo.subject, mo.html, mo.textBody, mo.createdAt, mo.nextAttemptAt)})
    select 'contact-notification', '<' || gen_random_uuid() || '@' || ${domain} || '>', ${sql.param(to)}::text[], email, subject,
      html_a || id || html_b, text_a || id || text_b, created_at, created_at
    from accepted order by i
  )
  select i, nth from ranked`;

/** What either batch statement answers: `i` and `nth` are int on both drivers. */
type BatchRow = { i: number; nth: number };

/**
 * Group commit for contact messages (docs/decisions/006-contact-group-commit.md). Posts that arrive
 * while a write is in flight wait and are written together by the next statement, ONE statement
 * per batch: it counts the batch's hits per rate-limit key and window with one upsert per key (row
 * locks make that exact across app instances), derives each post's position in its window from the
 * returned count, and inserts only the posts within the limit. Every caller is answered after
 * that statement has committed; nothing is acknowledged from memory.
 *
 * `maxInFlight` statements may run at once: on PostgreSQL the pool has connections to spare and the
 * next batch need not wait for the database's round trip (row locks keep the counts exact); PGlite
 * runs one query at a time on this thread, so a second statement would only make batches smaller.
 */
export function createContactWriter({ db, config, observe }: ServiceDeps, maxInFlight = config.DATABASE_URL ? 4 : 1) {
  let queue: Pending[] = [];
  const notifyTo = config.CONTACT_NOTIFY_TO;
  const mailCtx = mailContext(config);
  const notification = (row: ContactRow) => {
    if (!notifyTo.length) return {};
    const mail = renderContactNotification(row, mailCtx);
    return { subject: mail.subject, html_a: mail.html[0], html_b: mail.html[1], text_a: mail.text[0], text_b: mail.text[1] };
  };

  async function statement(batch: Pending[]): Promise<Map<number, number>> {
    const json = JSON.stringify(
      batch.map(({ row, rateKey, window }, i) => ({
        i,
        rate_key: rateKey,
        window_start: window.start.toISOString(),
        source: row.source,
        name: row.name,
        email: row.email,
        message: row.message,
        org_type: row.orgType,
        org_name: row.orgName,
        other_type: row.otherType,
        client_ip: row.clientIp,
        created_at: row.createdAt.toISOString(),
        ...notification(row),
      })),
    );
    const limit = config.CONTACT_RATE_LIMIT;
    const query = notifyTo.length ? batchNotifySql(json, limit, notifyTo, messageIdDomain(config)) : batchSql(json, limit);
    // Raw SQL (decision 114): the contact writer, a hot path measured in the bench, and one data-modifying CTE.
    const rows = await queryRows<BatchRow>(db, query);
    return new Map(rows.map((r) => [r.i, r.nth]));
  }

  /** Settles every post of `batch`; never throws. */
  async function writeBatch(batch: Pending[]): Promise<void> {
    let positions: Map<number, number>;
    try {
      positions = await statement(batch);
    } catch (err) {
      // The database refused the statement (it has an SQLSTATE), so nothing of it was kept: one bad
      // row must not fail the others, so write each post alone. Without an SQLSTATE (connection
      // lost) the outcome is unknown: fail them all rather than risk storing any twice.
      if (batch.length > 1 && sqlState(err)) {
        for (const entry of batch) await writeBatch([entry]);
      } else {
        for (const entry of batch) entry.reject(err);
      }
      return;
    }
    batch.forEach((entry, i) => {
      const nth = positions.get(i);
      if (nth === undefined) entry.reject(new Error("contact batch answered without this message"));
      else if (nth <= config.CONTACT_RATE_LIMIT) entry.resolve({ stored: true });
      else entry.resolve({ stored: false, retryAfterSeconds: entry.window.retryAfterSeconds });
    });
  }

  let inFlight = 0;
  let scheduled = false;
  const schedule = () => {
    if (scheduled || inFlight >= maxInFlight || !queue.length) return;
    scheduled = true;
    // On the next turn of the event loop, so posts read in this one share the statement.
    setImmediate(flush);
  };
  function flush(): void {
    scheduled = false;
    while (queue.length && inFlight < maxInFlight) {
      const batch = queue.length <= MAX_BATCH ? queue : queue.slice(0, MAX_BATCH);
      queue = queue.length <= MAX_BATCH ? [] : queue.slice(MAX_BATCH);
      inFlight++;
      observe?.contactBatch?.(batch.length);
      void writeBatch(batch).then(() => {
        inFlight--;
        schedule();
      });
    }
  }

  return {
    /**
     * Counts one hit on `rateKey` and stores `row` if the hit is within CONTACT_RATE_LIMIT per
     * minute; resolves once the statement holding it has committed, rejects if it failed.
     */
    write(row: ContactRow, rateKey: string): Promise<WriteOutcome> {
      return new Promise((resolve, reject) => {
        queue.push({ row, rateKey, window: rateWindow(row.createdAt.getTime(), WINDOW_SECONDS), resolve, reject });
        schedule();
      });
    },
  };
}

export type ContactWriter = ReturnType<typeof createContactWriter>;
