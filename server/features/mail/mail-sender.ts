import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { queryRows } from "../../platform/db/query-rows";
import { mailOutbox as mo } from "../../platform/db/schema";
import { bare } from "../../platform/db/sql-names";
import { describeErrorForLog, logLine } from "../../platform/log";
import { classifySmtpError, createSmtpTransport, SMTP_TIMEOUT_MS, type SmtpTransport } from "../../integrations/smtp";
import type { ServiceDeps } from "../../platform/service-deps";
import { fillSecrets, openSecrets } from "./mail-secrets";

export type MailSenderOptions = {
  /** Rows claimed per statement. */
  batchSize?: number;
  /** How often an idle sender looks for due rows (a wake() call looks at once). */
  pollMs?: number;
  /** How long a claim holds a row; a crashed sender's rows are free again after it. */
  leaseMs?: number;
  /** Tries before a transiently failing mail ends `failed`. */
  maxAttempts?: number;
  /** First retry delay; each later one doubles, capped at an hour. */
  retryBaseMs?: number;
  /** For tests: a transport other than SMTP_URL's. */
  transport?: SmtpTransport;
  /**
   * Requests this process has received so far, a count that only grows (server/index.ts counts
   * them). While it moves, visitors are being served, and the sender rests after each mail as long
   * as that mail took (at most MAX_REST_MS): a backlog then takes about half the time it would of
   * the one thread that also answers pages and forms (decision 082). Absent: never rests.
   */
  requestsReceived?: () => number;
  /** For tests: how the sender rests for `ms` milliseconds. */
  rest?: (ms: number) => Promise<void>;
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
  /** The sealed secrets its bodies' slots stand for (server/features/mail/mail-secrets.ts), or null. */
  secrets: string | null;
  attempts: number;
};

/**
 * The longest rest after one mail. A send that took long was waiting on a slow relay, not using
 * the thread, so resting as long again would only delay mail; this keeps a slow relay's backlog moving.
 */
export const MAX_REST_MS = 250;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry n (1-based) waits base * 2^(n-1), +-20 % so many failed rows do not all return at once. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  const delay = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}

/**
 * The outbox sender, one per app process (jobs run inside every app process, not as a separate service). It claims due rows
 * with FOR UPDATE SKIP LOCKED and a lease (`locked_until`), so instances on one PostgreSQL never
 * take the same row; sends ONE mail at a time and marks it sent before the next, so a crash repeats
 * at most the single mail in flight (same Message-ID). Without SMTP_URL it never starts: rows stay
 * pending, shown as "not sent (no SMTP configured)". Never called on the request path, and it
 * yields to it: while requests arrive it rests between mails (`requestsReceived`, decision 082).
 */
export function startMailSender({ db, config, now }: ServiceDeps, options: MailSenderOptions = {}) {
  const smtpUrl = config.SMTP_URL;
  if (!smtpUrl && !options.transport) return { wake: () => {}, stop: async () => {}, running: false };
  const transport = options.transport ?? createSmtpTransport(smtpUrl!);
  const batchSize = options.batchSize ?? 50;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 10;
  const retryBaseMs = options.retryBaseMs ?? 2000;
  const requestsReceived = options.requestsReceived;
  const rest = options.rest ?? sleep;

  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let wakeRequested = false;
  let loop: Promise<void> | undefined;

  async function claim(): Promise<{ rows: Claimed[]; until: number }> {
    const at = now();
    const until = new Date(at.getTime() + leaseMs);
    // Raw SQL (decision 114): the mail sender's claim, a hot path measured in the bench.
    const rows = await queryRows<Claimed>(
      db,
      sql`update ${mo} set ${bare(mo.lockedUntil)} = ${until.toISOString()}::timestamptz, ${bare(mo.attempts)} = ${mo.attempts} + 1
        where ${mo.id} in (
          select ${mo.id} from ${mo}
          where ${mo.status} = 'pending' and ${mo.nextAttemptAt} <= ${at.toISOString()}::timestamptz
            and (${mo.lockedUntil} is null or ${mo.lockedUntil} <= ${at.toISOString()}::timestamptz)
          order by ${mo.nextAttemptAt} limit ${batchSize} for update skip locked)
        returning ${mo.id}, ${mo.messageId}, ${mo.toAddrs}, ${mo.replyTo}, ${mo.subject}, ${mo.html}, ${mo.textBody}, ${mo.secrets}, ${mo.attempts}`,
    );
    return { rows: rows.map((r) => ({ ...r, id: Number(r.id) })), until: until.getTime() };
  }

  async function release(ids: number[]): Promise<void> {
    if (!ids.length) return;
    // Not tried: give back the claim and the try it counted.
    await db
      .update(mo)
      .set({ lockedUntil: null, attempts: sql`greatest(${mo.attempts} - 1, 0)` })
      .where(and(inArray(mo.id, ids), eq(mo.status, "pending")));
  }

  async function sendOne(row: Claimed): Promise<void> {
    // Done with this claim's secrets: drop them, unless Resend put fresh ones on the row meanwhile;
    // then the row stays as Resend left it (pending) and goes out again with the new ones.
    const unchanged = sql`${mo.secrets} is not distinct from ${row.secrets}::text`;
    const whenUnchanged = (value: SQL, otherwise: SQL) => sql`case when ${unchanged} then ${value} else ${otherwise} end`;
    const dropSecrets = whenUnchanged(sql`null`, sql`${mo.secrets}`);
    const failed = whenUnchanged(sql`'failed'`, sql`${mo.status}`);
    const secrets = row.secrets === null ? null : openSecrets(config, row.secrets);
    if (row.secrets !== null && !secrets) {
      await db
        .update(mo)
        .set({
          status: failed,
          secrets: dropSecrets,
          lockedUntil: null,
          lastError: "its secrets cannot be opened with the configured key; use Resend",
        })
        .where(eq(mo.id, row.id));
      logLine({ level: "warn", msg: "mail failed", mailId: row.id, attempts: row.attempts, error: "secrets key" });
      return;
    }
    try {
      await transport.send({
        from: config.MAIL_FROM,
        to: row.to_addrs,
        replyTo: row.reply_to,
        subject: row.subject,
        html: fillSecrets(row.html, secrets),
        text: fillSecrets(row.text_body, secrets),
        messageId: row.message_id,
      });
    } catch (err) {
      const failure = classifySmtpError(err);
      const final = failure.permanent || row.attempts >= maxAttempts;
      const next = new Date(now().getTime() + retryDelayMs(row.attempts, retryBaseMs));
      await db
        .update(mo)
        .set(
          final
            ? { status: failed, secrets: dropSecrets, lockedUntil: null, lastError: failure.summary }
            : { lockedUntil: null, lastError: failure.summary, nextAttemptAt: next },
        )
        .where(eq(mo.id, row.id));
      logLine({
        level: "warn",
        msg: final ? "mail failed" : "mail send will be retried",
        mailId: row.id,
        attempts: row.attempts,
        error: failure.summary,
      });
      return;
    }
    await db
      .update(mo)
      .set({
        status: whenUnchanged(sql`'sent'`, sql`${mo.status}`),
        sentAt: whenUnchanged(sql`${now().toISOString()}::timestamptz`, sql`${mo.sentAt}`),
        secrets: dropSecrets,
        lockedUntil: null,
        lastError: null,
      })
      .where(eq(mo.id, row.id));
  }

  /** Claims and sends until nothing is due; returns how many rows it handled. */
  async function drain(): Promise<void> {
    for (;;) {
      if (stopping) return;
      const { rows, until } = await claim();
      for (let i = 0; i < rows.length; i++) {
        // Never start a send the lease might not cover, nor one after stop(): give the rest back.
        if (stopping || now().getTime() + SMTP_TIMEOUT_MS * 1.5 > until) {
          await release(rows.slice(i).map((r) => r.id));
          return;
        }
        const requestsBefore = requestsReceived?.();
        const started = performance.now();
        await sendOne(rows[i]);
        // Visitors first: requests arrived while this mail went out, so give them the thread back.
        if (requestsBefore !== undefined && requestsReceived!() !== requestsBefore && !stopping)
          await rest(Math.min(performance.now() - started, MAX_REST_MS));
      }
      if (rows.length < batchSize) return;
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
    // The first pass starts only once the claims are free, chained to this statement rather than
    // on a timer beside it: when a busy database makes the statement outlast a timer, that pass
    // finds it still running, asks to run "later", and nothing comes back to run it, so the sender
    // would stay idle until a restart (the PGlite kill rounds of mail-crash.test.ts catch this).
    loop = db
      .update(mo)
      .set({ lockedUntil: null })
      .where(and(eq(mo.status, "pending"), isNotNull(mo.lockedUntil)))
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
