import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openPglite } from "../../server/platform/db/client";
import { queryRows } from "../../server/platform/db/query-rows";
import { header, startSmtpRelay, waitForDrain, type SmtpRelay } from "../helpers/smtp-relay";
import { crashNameOf, crashRounds } from "./helpers/crash";
import { figureRow } from "./helpers/figures";
import { createScratchDatabase, skipPostgres } from "./helpers/scratch-database";
import { reservePort, startServer, stopServer, type RunningServer } from "./helpers/server";

// The mail kill rounds: contact posts with CONTACT_NOTIFY_TO set while the sender delivers to a
// real SMTP relay (smtp-server) that answers slowly, SIGKILL at a random moment, RELIABILITY_ROUNDS
// times (default 20), then one clean start that drains the outbox. Every post answered 201 must have
// its notification delivered, and a mail delivered twice (same Message-ID) only by a kill: the
// sender marks each mail sent before it sends the next, so a kill repeats at most the one in
// flight, and duplicates stay <= 1 per kill.
// A PGlite start takes 2-3 s on a quiet machine and 20 s or more on a loaded one, so no round
// begins after a time budget once 3 have run (the figures say how many ran): 60 s on PGlite; 25 s
// on PostgreSQL, whose final drain waits up to the 60 s lease of the rows the last killed sender
// had claimed. RELIABILITY_MAIL_BUDGET_S overrides both. The final drain is judged by progress,
// not by a clock: it fails when the relay receives nothing for 75 s (longer than the lease), or
// after 5 minutes in all.
const rounds = Number(process.env.RELIABILITY_ROUNDS ?? 20);
const budget = (seconds: number) => Number(process.env.RELIABILITY_MAIL_BUDGET_S ?? seconds) * 1000;
const NOTIFY = "ops@example.test";

type Outbox = { message_id: string; status: string; subject: string };
type Finish = { outbox: Outbox[]; storedNames: Set<string> };

let relay: SmtpRelay;
beforeAll(async () => {
  // Up to 4 ms between taking a mail and answering: kills land between the two now and then.
  relay = await startSmtpRelay(0, { answerDelayMs: 4 });
});
afterAll(async () => relay?.stop());

async function killRounds(
  database: string,
  budgetMs: number,
  start: (env: Record<string, string>) => Promise<RunningServer>,
  finish: () => Promise<Finish>,
  /** Rows still to send, read while the server runs; where the database cannot be read then (PGlite), the relay falling quiet stands for it. */
  unsent?: () => Promise<number>,
) {
  const started = Date.now();
  relay.received.length = 0;
  const env = { SMTP_URL: relay.url, CONTACT_NOTIFY_TO: NOTIFY, MAIL_FROM: "no-reply@crash.example.test" };
  const {
    acked,
    unanswered,
    rounds: ran,
  } = await crashRounds(rounds, () => start(env), {
    killAfterFirstAck: true,
    budgetMs,
    minRounds: 3,
  });
  const ackedNames = new Set([...acked].map(crashNameOf));
  const killedAt = Date.now();
  const receivedAtKill = relay.received.length;

  // A clean start drains what is left. On PostgreSQL the rows a killed sender had claimed come
  // back when their lease (60 s) ends; on PGlite the data directory's single process frees them at start.
  const server = await start(env);
  // Built once per check: calling it per acknowledged name parsed every received mail's headers
  // acknowledged × received times (3,400 × 3,400 on a quiet machine), which starved the relay that
  // shares this process and slowed the drain to 11 mails/s, past the 5-minute cap on PGlite.
  const deliveredNames = () =>
    new Set(relay.received.map((m) => (header(m.raw, "subject") ?? "").replace(/^New contact message from /, "")));
  try {
    // The backlog the kill rounds leave depends on how fast this machine posts (often 1,500 mails
    // or more after 20 rounds): wait while the relay keeps receiving, fail once it has received
    // nothing for longer than the PostgreSQL lease (60 s) plus a margin, or after 5 minutes.
    await waitForDrain(
      () => relay.received.length,
      () => {
        const delivered = deliveredNames();
        return [...ackedNames].every((n) => delivered.has(n));
      },
      { stallMs: 75_000, capMs: 300_000, what: "every acknowledged post's notification" },
    );
    // Posts cut off by the last kill may be stored too, with notifications queued after every
    // acknowledged one: wait for those before stopping the server, which would leave them pending.
    await waitForDrain(() => relay.received.length, unsent ? async () => (await unsent()) === 0 : quiet(3000), {
      stallMs: 75_000,
      capMs: 120_000,
      what: "the notifications of cut-off posts",
    });
  } finally {
    await stopServer(server);
  }
  const drainSeconds = (Date.now() - killedAt) / 1000;
  const { outbox, storedNames } = await finish();

  const perMessageId = new Map<string, number>();
  for (const m of relay.received) {
    const id = header(m.raw, "message-id") ?? "";
    perMessageId.set(id, (perMessageId.get(id) ?? 0) + 1);
  }
  const duplicates = relay.received.length - perMessageId.size;
  const delivered = deliveredNames();
  const lost = [...ackedNames].filter((n) => !delivered.has(n));
  figureRow(`SIGKILL while sending mail (${database})`, {
    rounds: ran,
    acknowledged: acked.size,
    "notifications queued": outbox.length,
    delivered: perMessageId.size,
    "delivered twice": duplicates,
    lost: lost.length,
    "cut off by the kill": unanswered,
    "drain after the last kill (s)": drainSeconds,
    "drain rate (mails/s)": Math.round((relay.received.length - receivedAtKill) / drainSeconds),
    seconds: (Date.now() - started) / 1000,
  });

  expect(acked.size).toBeGreaterThan(ran);
  expect(lost).toEqual([]);
  // One notification row per stored post (acknowledged or cut off after the commit), none per refused one.
  expect(outbox.length).toBe(storedNames.size);
  expect(outbox.every((r) => r.status === "sent")).toBe(true);
  // Every row's mail reached the relay, and the relay got nothing that is not a row.
  expect(new Set(perMessageId.keys())).toEqual(new Set(outbox.map((r) => r.message_id)));
  expect(duplicates).toBeLessThanOrEqual(ran);
  for (const m of relay.received) expect(m.to).toEqual([NOTIFY]);
}

/** A check that is true once the relay has received nothing for `ms`. */
function quiet(ms: number): () => boolean {
  let count = relay.received.length;
  let since = Date.now();
  return () => {
    if (relay.received.length !== count) [count, since] = [relay.received.length, Date.now()];
    return Date.now() - since >= ms;
  };
}

const OUTBOX_SQL = "select message_id, status, subject from mail_outbox where kind = 'contact-notification'";
const names = (rows: { name: string }[]) => new Set(rows.map((r) => r.name));

describe("SIGKILL while contact notifications are queued and sent", () => {
  it(`delivers every acknowledged post's notification on PGlite across ${rounds} kills`, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "rel-mail-crash-"));
    const port = await reservePort();
    await killRounds(
      "PGlite",
      budget(60),
      (env) => startServer({ dataDir, port, env }),
      async () => {
        const db = await openPglite(path.join(dataDir, "pglite"));
        try {
          const outbox = await queryRows<Outbox>(db.db, sql.raw(OUTBOX_SQL));
          const stored = await queryRows<{ name: string }>(db.db, sql.raw("select name from contact_messages"));
          return { outbox, storedNames: names(stored) };
        } finally {
          await db.close();
        }
      },
    );
  }, 480_000);

  it.skipIf(skipPostgres)(
    `delivers every acknowledged post's notification on PostgreSQL across ${rounds} kills`,
    async () => {
      const scratch = await createScratchDatabase("mailcrash");
      const port = await reservePort();
      try {
        await killRounds(
          "PostgreSQL",
          budget(25),
          (env) => startServer({ databaseUrl: scratch.url, port, env }),
          async () => ({
            outbox: await scratch.query<Outbox>(OUTBOX_SQL),
            storedNames: names(await scratch.query<{ name: string }>("select name from contact_messages")),
          }),
          async () => Number((await scratch.query<{ n: string }>("select count(*) as n from mail_outbox where status = 'pending'"))[0].n),
        );
      } finally {
        await scratch.drop();
      }
    },
    480_000,
  );
});
