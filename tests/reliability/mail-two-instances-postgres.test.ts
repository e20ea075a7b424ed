import { describe, expect, it } from "vitest";
import { header, startSmtpRelay, waitFor } from "../helpers/smtp-relay";
import { figureRow } from "./helpers/figures";
import { createScratchDatabase, skipPostgres } from "./helpers/scratch-database";
import { startServer, stopServer, type RunningServer } from "./helpers/server";

// Many instances on one PostgreSQL send each mail once. Two real servers
// share one database and one relay; a backlog waits in the outbox when both start, and contact
// posts to both add notifications while they drain. Each instance has its own MAIL_FROM, so the
// relay tells who sent what: both must have sent, and every Message-ID must arrive exactly once.
const BACKLOG = 1500;
const POSTS_PER_INSTANCE = 60;

describe("two app instances on one PostgreSQL", () => {
  it.skipIf(skipPostgres)(
    "deliver each queued mail exactly once between them",
    async () => {
      const started = Date.now();
      const relay = await startSmtpRelay(0, { answerDelayMs: 2 });
      const scratch = await createScratchDatabase("mailtwo");
      const servers: RunningServer[] = [];
      try {
        // A first start applies the migrations; then the backlog goes in while no sender runs.
        await stopServer(await startServer({ databaseUrl: scratch.url }));
        await scratch.query(
          `insert into mail_outbox (kind, message_id, to_addrs, subject, html, text_body)
           select 'backlog', '<backlog-' || g || '@two.example.test>', array['ops@example.test'], 'Backlog ' || g, '<p>Backlog</p>', 'Backlog'
           from generate_series(1, ${BACKLOG}) g`,
        );
        const env = (who: string) => ({ SMTP_URL: relay.url, CONTACT_NOTIFY_TO: "ops@example.test", MAIL_FROM: `${who}@two.example.test` });
        servers.push(
          ...(await Promise.all([
            startServer({ databaseUrl: scratch.url, env: env("a") }),
            startServer({ databaseUrl: scratch.url, env: env("b") }),
          ])),
        );

        let posted = 0;
        await Promise.all(
          servers.map(async (server, s) => {
            for (let n = 0; n < POSTS_PER_INSTANCE; n++) {
              const res = await fetch(`${server.url}/api/contact-general`, {
                method: "POST",
                headers: { "content-type": "application/json" },
                body: JSON.stringify({ name: `Two s${s}n${n}`, email: "two@example.com", message: `Post ${n} to instance ${s}` }),
              });
              expect(res.status).toBe(201);
              posted++;
            }
          }),
        );
        const expected = BACKLOG + posted;
        await waitFor(() => relay.received.length >= expected, 90_000, `${expected} mails at the relay`);
        // Let anything sent twice arrive too before counting.
        await new Promise((r) => setTimeout(r, 1500));

        const perMessageId = new Map<string, number>();
        for (const m of relay.received) {
          const id = header(m.raw, "message-id") ?? "";
          perMessageId.set(id, (perMessageId.get(id) ?? 0) + 1);
        }
        const bySender = (who: string) => relay.received.filter((m) => m.from === `${who}@two.example.test`).length;
        const [{ pending }] = await scratch.query<{ pending: string }>(
          "select count(*) as pending from mail_outbox where status <> 'sent'",
        );
        figureRow("two instances, one PostgreSQL outbox", {
          queued: expected,
          delivered: relay.received.length,
          "distinct Message-IDs": perMessageId.size,
          "sent by a": bySender("a"),
          "sent by b": bySender("b"),
          seconds: (Date.now() - started) / 1000,
        });
        expect([...perMessageId.values()].filter((n) => n > 1)).toEqual([]);
        expect(perMessageId.size).toBe(expected);
        expect(relay.received.length).toBe(expected);
        expect(Number(pending)).toBe(0);
        // Both really sent: otherwise "exactly once" proves nothing about two senders.
        expect(bySender("a")).toBeGreaterThan(0);
        expect(bySender("b")).toBeGreaterThan(0);
      } finally {
        await Promise.all(servers.map((s) => stopServer(s)));
        await scratch.drop();
        await relay.stop();
      }
    },
    180_000,
  );
});
