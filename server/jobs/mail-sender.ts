import { sql } from "drizzle-orm";
import { queryRows } from "../db/query-rows";
import { describeErrorForLog, logLine } from "../http/log";
import { classifySmtpError, createSmtpTransport, SMTP_TIMEOUT_MS, type SmtpTransport } from "../integrations/smtp";
import type { ServiceDeps } from "../services/deps";

export type MailSenderOptions = {
  /** Rows claimed per statement. */
  batchSize?: number;
  /** How often an idle sender looks for due rows (a wake() call looks at once). */
  pollMs?: number;
  /**
   * How long a claim holds the rows not yet being sent; a crashed sender's rows are free again
   * after it. The row being sent is held for the send's own lease (SMTP timeout x 1.5) instead.
   */
  leaseMs?: number;
  /** Tries before a transiently failing mail ends `failed`. */
  maxAttempts?: number;
  /** First retry delay; each later one doubles, capped at an hour. */
  retryBaseMs?: number;
  /** For tests: a transport other than SMTP_URL's. */
  transport?: SmtpTransport;
  /**
   * Free every claim at start. Only where this process is the sole sender: PGlite, whose data
   * directory is locked to one process, so any claim found was left by a process that died.
   */
  freeClaimsAtStart?: boolean;
};

type Claimed = {
  id: number;
  message_id: string;
  to_addrs: string[];
  reply_to: string | null;
  subject: string;
  html: string;
  text_body: string;
  attempts: number;
};

/** Retry n (1-based) waits base * 2^(n-1), +-20 % so many failed rows do not all return at once. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  const delay = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}

/**
 * The outbox sender, one per app process (ARCHITECTURE.md "Background work"). It claims due rows
 * with FOR UPDATE SKIP LOCKED and a short lease (`locked_until`, 10 s), so instances on one
 * PostgreSQL never take the same row, and then holds each row for its send with a lease the SMTP
 * timeout fits in, taken only if the claim is still its own. A crashed sender's claimed rows are
 * free again 10 s later and the one in flight 30 s later (with one 60 s lease for the whole claim,
 * notifications came up to a minute late after a crash). It sends ONE mail at a time and marks it
 * sent before the next, so a crash repeats at most the single mail in flight (same Message-ID). Without SMTP_URL it never starts: rows stay
 * pending, shown as "not sent (no SMTP configured)". Never called on the request path.
 */
export function startMailSender({ db, config, now }: ServiceDeps, options: MailSenderOptions = {}) {
  const smtpUrl = config.SMTP_URL;
  if (!smtpUrl && !options.transport) return { wake: () => {}, stop: async () => {}, running: false };
  const transport = options.transport ?? createSmtpTransport(smtpUrl!);
  const batchSize = options.batchSize ?? 50;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 10_000;
  const sendLeaseMs = SMTP_TIMEOUT_MS * 1.5;
  const maxAttempts = options.maxAttempts ?? 10;
  const retryBaseMs = options.retryBaseMs ?? 2000;

  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let wakeRequested = false;
  let loop: Promise<void> | undefined;

  async function claim(): Promise<{ rows: Claimed[]; until: number }> {
    const at = now();
    const until = new Date(at.getTime() + leaseMs);
    const rows = await queryRows<Claimed>(
      db,
      sql`update mail_outbox set locked_until = ${until.toISOString()}::timestamptz, attempts = attempts + 1
        where id in (
          select id from mail_outbox
          where status = 'pending' and next_attempt_at <= ${at.toISOString()}::timestamptz
            and (locked_until is null or locked_until <= ${at.toISOString()}::timestamptz)
          order by next_attempt_at limit ${batchSize} for update skip locked)
        returning id, message_id, to_addrs, reply_to, subject, html, text_body, attempts`,
    );
    return { rows: rows.map((r) => ({ ...r, id: Number(r.id) })), until: until.getTime() };
  }

  async function release(ids: number[], claimedUntil: number): Promise<void> {
    if (!ids.length) return;
    // Not tried: give back the claim and the try it counted, unless the claim lapsed and another
    // sender holds the row now.
    await db.execute(
      sql`update mail_outbox set locked_until = null, attempts = greatest(attempts - 1, 0)
        where id in ${ids} and status = 'pending' and locked_until = ${new Date(claimedUntil).toISOString()}::timestamptz`,
    );
  }

  const markSentSql = (id: number) =>
    sql`update mail_outbox set status = 'sent', sent_at = ${now().toISOString()}::timestamptz, locked_until = null, last_error = null
      where id = ${id}`;

  /**
   * Holds one claimed row for its send, if the claim is still this sender's: the row's lease and
   * try count are as the claim left them (a sender that claimed it after the claim lapsed counted
   * another try). Returns false when another sender has it now. `sentId`, the mail delivered just
   * before, is marked sent in the same statement: one statement per mail, as before the per-row
   * take, and still before the next mail goes out.
   */
  async function takeForSend(row: Claimed, claimedUntil: number, sentId: number | undefined): Promise<boolean> {
    const until = new Date(now().getTime() + sendLeaseMs);
    const take = sql`update mail_outbox set locked_until = ${until.toISOString()}::timestamptz
        where id = ${row.id} and status = 'pending' and attempts = ${row.attempts}
          and locked_until = ${new Date(claimedUntil).toISOString()}::timestamptz
        returning id`;
    // A data-modifying WITH runs to completion even though the outer statement does not read it.
    const taken = await queryRows<{ id: number }>(db, sentId === undefined ? take : sql`with marked as (${markSentSql(sentId)}) ${take}`);
    return taken.length === 1;
  }

  /** Sends one mail; true when the relay took it (the caller marks it sent), false after a failure it recorded. */
  async function sendOne(row: Claimed): Promise<boolean> {
    try {
      await transport.send({
        from: config.MAIL_FROM,
        to: row.to_addrs,
        replyTo: row.reply_to,
        subject: row.subject,
        html: row.html,
        text: row.text_body,
        messageId: row.message_id,
      });
    } catch (err) {
      const failure = classifySmtpError(err);
      const final = failure.permanent || row.attempts >= maxAttempts;
      const next = new Date(now().getTime() + retryDelayMs(row.attempts, retryBaseMs));
      await db.execute(
        final
          ? sql`update mail_outbox set status = 'failed', locked_until = null, last_error = ${failure.summary} where id = ${row.id}`
          : sql`update mail_outbox set locked_until = null, last_error = ${failure.summary},
              next_attempt_at = ${next.toISOString()}::timestamptz where id = ${row.id}`,
      );
      logLine({
        level: "warn",
        msg: final ? "mail failed" : "mail send will be retried",
        mailId: row.id,
        attempts: row.attempts,
        error: failure.summary,
      });
      return false;
    }
    return true;
  }

  /** Claims and sends until nothing is due; returns how many rows it handled. */
  async function drain(): Promise<void> {
    for (;;) {
      if (stopping) return;
      const { rows, until } = await claim();
      // The mail delivered last and not yet marked sent: the next take marks it (see takeForSend).
      let sentId: number | undefined;
      try {
        for (let i = 0; i < rows.length; i++) {
          // Nothing after stop(), and nothing on a claim about to lapse: give the rest back (a new
          // claim takes them again at once if no other sender has).
          if (stopping || now().getTime() + 1000 > until) {
            await release(
              rows.slice(i).map((r) => r.id),
              until,
            );
            break;
          }
          const taken = await takeForSend(rows[i], until, sentId);
          sentId = undefined;
          if (taken && (await sendOne(rows[i]))) sentId = rows[i].id;
        }
      } finally {
        if (sentId !== undefined) await db.execute(markSentSql(sentId));
      }
      if (stopping || rows.length < batchSize) return;
    }
  }

  function schedule(delay: number): void {
    if (stopping) return;
    clearTimeout(timer);
    timer = setTimeout(run, delay);
    timer.unref();
  }

  function run(): void {
    if (loop || stopping) {
      wakeRequested = true;
      return;
    }
    wakeRequested = false;
    loop = drain()
      .catch((err: unknown) => logLine({ level: "error", msg: "mail sender pass failed", ...describeErrorForLog(err) }))
      .finally(() => {
        loop = undefined;
        schedule(wakeRequested ? 0 : pollMs);
      });
  }

  if (options.freeClaimsAtStart) {
    // The first pass starts only once the claims are free. It used to be a timer beside this
    // statement: when a busy database made the statement outlast the timer, that pass found it
    // still running, asked to run "later", and nothing ever came back to run it. The sender
    // stayed idle until a restart (the PGlite kill rounds of mail-crash.test.ts timed out on it).
    loop = db
      .execute(sql`update mail_outbox set locked_until = null where status = 'pending' and locked_until is not null`)
      .then(() => undefined)
      .catch((err: unknown) => logLine({ level: "error", msg: "mail sender could not free claims at start", ...describeErrorForLog(err) }))
      .finally(() => {
        loop = undefined;
        schedule(0);
      });
  } else schedule(0);
  return {
    running: true,
    /** Looks for due rows now (e.g. after a commit that queued mail) instead of at the next poll. */
    wake(): void {
      if (!stopping) run();
    },
    /** Stops claiming, lets the mail in flight finish and be marked, gives back unsent claims, closes the relay connection. */
    async stop(): Promise<void> {
      stopping = true;
      clearTimeout(timer);
      await loop;
      transport.close();
    },
  };
}

export type MailSender = ReturnType<typeof startMailSender>;
