import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { header, startSmtpRelay, waitFor, type SmtpRelay } from "../../../tests/helpers/smtp-relay";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import type { OutboxList, OutboxPreview } from "../../../contract/outbox";
import { mailOutbox } from "../../platform/db/schema";
import { enqueueMail } from "./outbox";
import { MAX_REST_MS, retryDelayMs, startMailSender, type MailSenderOptions } from "./mail-sender";

// The sender against a real SMTP server that goes down, comes back, or refuses.
let t: TestApp;
let relay: SmtpRelay;
let admin: Record<string, string>;

beforeAll(async () => {
  relay = await startSmtpRelay();
  t = await createTestApp({ config: { MAIL_FROM: "no-reply@example.test" } });
  admin = (await t.loginAsAdmin()).headers;
});
afterAll(async () => {
  await t.close();
  await relay.stop();
});

const queue = (subject: string) =>
  enqueueMail(t.database.db, t.config, { kind: "test", to: ["ops@example.test"], subject, html: `<p>${subject}</p>`, text: subject });
const rowOf = async (id: number) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
const delivered = (messageId: string) => relay.received.filter((m) => header(m.raw, "message-id") === messageId).length;
const sender = (options: MailSenderOptions = {}) =>
  startMailSender({ db: t.database.db, config: { ...t.config, SMTP_URL: relay.url }, now: () => new Date() }, { pollMs: 50, ...options });

describe("mail sender", () => {
  it("retries first within seconds, then backs off exponentially", () => {
    expect(retryDelayMs(1, 2000)).toBeLessThanOrEqual(2400);
    expect(retryDelayMs(4, 2000)).toBeGreaterThanOrEqual(16_000 * 0.8);
    expect(retryDelayMs(40, 2000)).toBeLessThanOrEqual(3_600_000 * 1.2);
  });

  it("keeps a mail while the relay is down and delivers it once it is back", async () => {
    await relay.stop();
    const { id, messageId } = await queue("while down");
    const s = sender({ retryBaseMs: 200 });
    try {
      await waitFor(async () => (await rowOf(id)).attempts >= 2, 15_000, "two failed tries");
      const failing = await rowOf(id);
      expect(failing.status).toBe("pending");
      expect(failing.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
      await relay.start();
      await waitFor(async () => (await rowOf(id)).status === "sent", 20_000, "sent after the relay came back");
      expect(delivered(messageId)).toBe(1);
    } finally {
      await s.stop();
    }
  });

  it("marks a mail failed after the bounded tries when the relay keeps answering 4xx", async () => {
    relay.rejectWith(451);
    const { id, messageId } = await queue("temporary refusal");
    const s = sender({ retryBaseMs: 50, maxAttempts: 3 });
    try {
      await waitFor(async () => (await rowOf(id)).status === "failed", 15_000, "failed");
    } finally {
      await s.stop();
      relay.rejectWith(0);
    }
    expect(await rowOf(id)).toMatchObject({ status: "failed", attempts: 3 });
    expect(delivered(messageId)).toBe(0);
  });

  it("fails a mail the relay refuses with 5xx at once, lists it in the admin, and Resend delivers it", async () => {
    relay.rejectWith(550);
    const { id, messageId } = await queue("permanent refusal");
    let s = sender();
    try {
      await waitFor(async () => (await rowOf(id)).status === "failed", 10_000, "failed");
    } finally {
      await s.stop();
    }
    const failed = await rowOf(id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.lastError).toMatch(/^550 /);

    const list = (await (await t.request("/api/admin/outbox?status=failed", { headers: admin })).json()) as OutboxList;
    const item = list.items.find((i) => i.id === id);
    expect(item).toMatchObject({
      status: "failed",
      statusLabel: "failed",
      attempts: 1,
      to: ["ops@example.test"],
      subject: "permanent refusal",
    });
    expect(item!.lastError).toMatch(/^550 /);
    expect(list.total).toBeGreaterThanOrEqual(1);

    const preview = (await (await t.request(`/api/admin/outbox/${id}`, { headers: admin })).json()) as OutboxPreview;
    expect(preview.html).toBe("<p>permanent refusal</p>");
    expect(preview.headers).toContainEqual({ name: "Message-ID", value: messageId });

    relay.rejectWith(0);
    const resent = await t.request(`/api/admin/outbox/${id}/resend`, { method: "POST", headers: admin });
    expect(resent.status).toBe(200);
    s = sender();
    try {
      await waitFor(async () => (await rowOf(id)).status === "sent", 10_000, "sent after Resend");
    } finally {
      await s.stop();
    }
    expect(delivered(messageId)).toBe(1);
    expect((await t.request(`/api/admin/outbox/999999/resend`, { method: "POST", headers: admin })).status).toBe(404);
    expect((await t.request(`/api/admin/outbox/${id}/resend`, { method: "POST" })).status).toBe(401);
  });

  it("labels mail as not sent when no SMTP is configured", async () => {
    const { id } = await queue("no smtp");
    const list = (await (await t.request("/api/admin/outbox?status=pending", { headers: admin })).json()) as OutboxList;
    expect(list.items.find((i) => i.id === id)?.statusLabel).toBe("not sent (no SMTP configured)");
    const s = startMailSender({ db: t.database.db, config: t.config, now: () => new Date() });
    expect(s.running).toBe(false);
  });

  it("with freeClaimsAtStart (PGlite), takes back a dead process's claims and then sends without being woken", async () => {
    const { id, messageId } = await queue("claimed by a killed process");
    // As a SIGKILLed sender leaves it: claimed for the next minute, one try counted.
    await t.database.db
      .update(mailOutbox)
      .set({ lockedUntil: new Date(Date.now() + 60_000), attempts: 1 })
      .where(eq(mailOutbox.id, id));
    // A busy database at start (as the server's own start-up work makes it): a transaction holds
    // the row for 300 ms, so the freeing statement ends after the sender's first pass was due.
    let held: () => void = () => {};
    const holding = new Promise<void>((r) => (held = r));
    const busy = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from mail_outbox where id = ${id} for update`);
      held();
      await new Promise((r) => setTimeout(r, 300));
    });
    await holding;
    // The default poll (1 s): no wake() call, no short poll to paper over a sender that never ran.
    const s = sender({ freeClaimsAtStart: true, pollMs: 1000 });
    await busy;
    try {
      await waitFor(async () => (await rowOf(id)).status === "sent", 10_000, "the freed mail sent");
    } finally {
      await s.stop();
    }
    expect(delivered(messageId)).toBe(1);
  });

  it("stops cleanly: a stopped sender leaves no claimed row behind", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push((await queue(`stop ${i}`)).id);
    const s = sender({ batchSize: 30 });
    await waitFor(async () => (await rowOf(ids[2])).status === "sent", 10_000, "a few sent");
    await s.stop();
    const rows = await Promise.all(ids.map(rowOf));
    for (const r of rows) {
      expect(r.lockedUntil).toBeNull();
      expect(r.attempts).toBe(r.status === "sent" ? 1 : 0);
    }
    const s2 = sender();
    try {
      await waitFor(async () => (await Promise.all(ids.map(rowOf))).every((r) => r.status === "sent"), 15_000, "all sent");
    } finally {
      await s2.stop();
    }
  });

  // Decision 082: a backlog must not slow visitors. The rest is injected so the test needs no timing.
  it("rests after each mail while requests arrive, and never while none do", async () => {
    const sendAll = async (requestsReceived: () => number) => {
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) ids.push((await queue(`rest ${i}`)).id);
      const rests: number[] = [];
      const s = sender({ requestsReceived, rest: async (ms) => void rests.push(ms) });
      try {
        await waitFor(async () => (await Promise.all(ids.map(rowOf))).every((r) => r.status === "sent"), 10_000, "all sent");
      } finally {
        await s.stop();
      }
      return rests;
    };

    let received = 0;
    // Each look at the counter finds it moved: a request arrived during every send.
    const busy = await sendAll(() => ++received);
    expect(busy.length).toBeGreaterThanOrEqual(3);
    for (const ms of busy) {
      expect(ms).toBeGreaterThan(0);
      expect(ms).toBeLessThanOrEqual(MAX_REST_MS);
    }
    expect(await sendAll(() => received)).toEqual([]);
  });
});
