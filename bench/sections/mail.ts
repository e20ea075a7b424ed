import nodemailer from "nodemailer";
import { sql } from "drizzle-orm";
import { loadConfig } from "../../server/platform/config";
import { mailContext } from "../../server/features/mail/layout";
import { joinWithId, renderContactNotification } from "../../server/features/mail/contact-notification";
import { startSmtpRelay, type SmtpRelay } from "../../tests/helpers/smtp-relay";
import type { Options } from "autocannon";
import { type AppServer, startAppServer } from "../lib/app-server";
import { bench } from "../lib/config";
import { type BenchDb, freshDb, type Kind, postgresAvailable } from "../lib/databases";
import { type Load, load } from "../lib/load";
import { add, na, pct, rps, verdict } from "../lib/table";

// The mail benchmark. (1) 10,000 queued mails drained by the app's sender to a local smtp-server:
// mails per second, against nodemailer alone sending the same mail over one connection (the
// ceiling: no database). (2) Contact POST throughput at 10 connections with CONTACT_NOTIFY_TO set
// while the sender drains a backlog, as a ratio to the same server whose sender is idle.
const BACKLOG = Number(process.env.BENCH_MAIL_BACKLOG ?? 10_000);
const NOTIFY = "ops@example.com";
const FROM = "no-reply@bench.example.com";

/** One real contact notification (about 4 KB of HTML and its text part), as the group commit writes it. */
function sampleMail() {
  const config = loadConfig({ LOG_REQUESTS: "false", PUBLIC_ORIGIN: "https://bench.example.com" });
  const mail = renderContactNotification(
    {
      source: "general",
      name: "Bench Person",
      email: "bench@example.com",
      message: "A message from the benchmark. ".repeat(8),
      orgType: null,
      orgName: null,
      otherType: null,
    },
    mailContext(config),
  );
  return { subject: mail.subject, html: joinWithId(mail.html, 1), text: joinWithId(mail.text, 1) };
}

/** Puts `count` pending notifications into the (stopped) database in one statement. */
async function queueBacklog(db: BenchDb, count: number): Promise<void> {
  const mail = sampleMail();
  const database = await db.open();
  try {
    await database.db.execute(
      sql`insert into mail_outbox (kind, message_id, to_addrs, reply_to, subject, html, text_body)
        select 'contact-notification', '<bench-' || g || '-' || gen_random_uuid() || '@bench.example.com>', array[${NOTIFY}]::text[],
          'bench@example.com', ${mail.subject}, ${mail.html}, ${mail.text}
        from generate_series(1, ${count}) g`,
    );
  } finally {
    await database.close();
  }
}

/** Waits until the relay holds `count` mails; returns mails per second from the first to the last. */
async function drainRate(relay: SmtpRelay, count: number, timeoutMs: number): Promise<{ rate: number; seconds: number }> {
  const until = Date.now() + timeoutMs;
  let first = 0;
  while (relay.received.length < count) {
    if (!first && relay.received.length) first = performance.now();
    if (Date.now() > until) throw new Error(`the sender delivered ${relay.received.length} of ${count} mails in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 10));
  }
  const seconds = (performance.now() - first) / 1000;
  return { rate: (count - 1) / seconds, seconds };
}

/** The ceiling: nodemailer sending the same mail one after another over one pooled connection, no database. */
async function nodemailerAlone(relay: SmtpRelay, count: number): Promise<number> {
  const mail = sampleMail();
  const transport = nodemailer.createTransport({ pool: true, maxConnections: 1, host: "127.0.0.1", port: relay.port, secure: false });
  try {
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      await transport.sendMail({
        from: FROM,
        to: [NOTIFY],
        replyTo: "bench@example.com",
        ...mail,
        messageId: `<alone-${i}@bench.example.com>`,
      });
    }
    return count / ((performance.now() - started) / 1000);
  } finally {
    transport.close();
  }
}

/**
 * compare() of lib/load.ts, but the server not under load is stopped (SIGSTOP) during the other's
 * turn: the draining server's sender keeps working between posts, and on two shared cores it would
 * otherwise slow the idle server's turn and flatter the ratio (a first run measured 280 %).
 */
async function frozenInTurn<K extends string>(targets: Record<K, [AppServer, Options]>): Promise<Record<K, Load>> {
  const names = Object.keys(targets) as K[];
  const runs = new Map<K, Load[]>(names.map((n) => [n, []]));
  try {
    for (let round = 0; round < bench.rounds; round++) {
      for (const name of names) {
        for (const other of names) targets[other][0].process.kill(other === name ? "SIGCONT" : "SIGSTOP");
        runs.get(name)!.push(await load(targets[name][1], round === 0));
      }
    }
  } finally {
    for (const name of names) targets[name][0].process.kill("SIGCONT");
  }
  const median = (list: Load[]) => [...list].sort((a, b) => a.rps - b.rps)[Math.floor(list.length / 2)];
  return Object.fromEntries(names.map((n) => [n, median(runs.get(n)!)])) as Record<K, Load>;
}

async function onDatabase(kind: Kind): Promise<void> {
  const section = `mail, ${kind}`;
  const dbs: BenchDb[] = [];
  const children = [];
  const relay = await startSmtpRelay(0);
  try {
    // (1) Drain 10,000 queued mails.
    dbs.push(await freshDb(kind));
    await queueBacklog(dbs[0], BACKLOG);
    const alone = await nodemailerAlone(relay, Math.min(2000, BACKLOG));
    relay.received.length = 0;
    const sender = await startAppServer(dbs[0].env, { SMTP_URL: relay.url, MAIL_FROM: FROM });
    children.push(sender);
    const drained = await drainRate(relay, BACKLOG, 600_000);
    add({
      section,
      what: `${BACKLOG.toLocaleString("en-US")} queued mails`,
      value: `${rps(drained.rate).replace("/s", " mails/s")} (${drained.seconds.toFixed(1)} s)`,
      baseline: `nodemailer alone ${rps(alone).replace("/s", " mails/s")}`,
      ratio: pct(drained.rate, alone),
    });
    await sender.stop();
    children.length = 0;

    // (2) Contact posts while the sender drains a backlog vs the same with the sender idle. Both
    // queue a notification per post; the idle one has no SMTP_URL, so its sender never runs.
    dbs.push(await freshDb(kind), await freshDb(kind));
    await queueBacklog(dbs[2], BACKLOG);
    relay.received.length = 0;
    const idle = await startAppServer(dbs[1].env, { CONTACT_NOTIFY_TO: NOTIFY, MAIL_FROM: FROM });
    children.push(idle);
    const draining = await startAppServer(
      dbs[2].env,
      { CONTACT_NOTIFY_TO: NOTIFY, MAIL_FROM: FROM, SMTP_URL: relay.url },
      bench.insertPort,
    );
    children.push(draining);
    const body = JSON.stringify({ name: "Bench Person", email: "bench@example.com", message: "A message from the benchmark." });
    const post = (url: string) => ({
      url: `${url}/api/contact-general`,
      method: "POST" as const,
      body,
      headers: { "Content-Type": "application/json" },
      connections: 10,
    });
    const result = await frozenInTurn({ draining: [draining, post(draining.url)], idle: [idle, post(idle.url)] });
    const sentDuring = relay.received.length;
    await new Promise((r) => setTimeout(r, 500));
    const stillDraining = relay.received.length > sentDuring;
    const ratio = result.draining.rps / result.idle.rps;
    add({
      section,
      what: "contact posts, 10 conn., sender draining",
      value: rps(result.draining.rps),
      baseline: `sender idle ${rps(result.idle.rps)}`,
      ratio: pct(result.draining.rps, result.idle.rps),
      target: "≥ 80 %",
      verdict: verdict(ratio >= 0.8 && stillDraining),
    });
    add({
      section,
      what: "mails sent meanwhile",
      value: `${sentDuring.toLocaleString("en-US")}${stillDraining ? ", backlog not empty at the end" : ", backlog EMPTIED before the end (ratio not meaningful)"}`,
    });
    const failures = result.draining.failures + result.idle.failures;
    if (failures) add({ section, what: "failed answers", value: String(failures), verdict: "MISS" });
  } finally {
    for (const child of children) await child.stop();
    for (const db of dbs) await db.drop();
    await relay.stop();
  }
}

export async function mailSection(): Promise<void> {
  await onDatabase("pglite");
  const missing = await postgresAvailable();
  if (missing) na("mail, postgres", "all", missing);
  else await onDatabase("postgres");
}
