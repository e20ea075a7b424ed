import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { header, startSmtpRelay, waitFor, type SmtpRelay } from "../../../tests/helpers/smtp-relay";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { contactMessages, mailOutbox } from "../../platform/db/schema";
import { startMailSender } from "../mail/mail-sender";

// A contact post writes its notification in the same statement as the message (contact-writer.ts);
// the sender delivers it to a real SMTP server with both parts and the right headers.
let t: TestApp;
let relay: SmtpRelay;
const NOTIFY = ["sales@example.test", "support@example.test"];

beforeAll(async () => {
  relay = await startSmtpRelay();
  t = await createTestApp({
    config: {
      CONTACT_NOTIFY_TO: NOTIFY,
      MAIL_FROM: "no-reply@site.example.test",
      PUBLIC_ORIGIN: "https://site.example.test",
      publicOrigin: "https://site.example.test",
      CONTACT_RATE_LIMIT: 3,
    },
  });
});
afterAll(async () => {
  await t.close();
  await relay.stop();
});

const post = (json: unknown, ip: string) => t.request("/api/contact-general", { method: "POST", json, ip });
const outboxRows = () => t.database.db.select().from(mailOutbox);

describe("contact notification", () => {
  it("is delivered with both parts, Reply-To the visitor, the escaped message and a link to it in the admin", async () => {
    const res = await post(
      {
        name: "Asha <b>Rao</b>",
        email: "asha@example.test",
        orgType: "university",
        orgName: "Tech & Science Univ",
        message: "Hello <script>alert(1)</script>\nsecond line",
      },
      "10.1.0.1",
    );
    expect(res.status).toBe(201);
    const [stored] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, "asha@example.test"));
    const [row] = (await outboxRows()).filter((r) => r.replyTo === "asha@example.test");
    expect(row).toMatchObject({
      kind: "contact-notification",
      toAddrs: NOTIFY,
      status: "pending",
      subject: "New CAMPUS demo request from Asha <b>Rao</b>",
    });
    expect(row.html).toContain(`https://site.example.test/dashboard/messages#message-${stored.id}`);
    expect(row.textBody).toContain(`https://site.example.test/dashboard/messages#message-${stored.id}`);
    expect(row.html).toContain("Hello &lt;script&gt;alert(1)&lt;/script&gt;<br>second line");
    expect(row.html).not.toContain("<script>");
    expect(row.html).toContain("Tech &amp; Science Univ");
    expect(row.html).not.toMatch(/<img/i);

    const sender = startMailSender(
      { db: t.database.db, config: { ...t.config, SMTP_URL: relay.url }, now: () => new Date() },
      { pollMs: 50 },
    );
    try {
      await waitFor(() => relay.received.some((m) => header(m.raw, "message-id") === row.messageId), 10_000, "notification");
    } finally {
      await sender.stop();
    }
    const mail = relay.received.find((m) => header(m.raw, "message-id") === row.messageId)!;
    expect(mail.to).toEqual(NOTIFY);
    expect(mail.from).toBe("no-reply@site.example.test");
    expect(header(mail.raw, "reply-to")).toBe("asha@example.test");
    expect(header(mail.raw, "to")).toBe(NOTIFY.join(", "));
    expect(header(mail.raw, "subject")).toBeDefined();
    expect(header(mail.raw, "content-type")).toMatch(/^multipart\/alternative/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(mail.raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
    expect(mail.raw).not.toMatch(/^bcc:/im);
  });

  it("writes none for a honeypot post or a throttled one", async () => {
    const before = (await outboxRows()).length;
    expect((await post({ name: "Bot", email: "bot@example.test", message: "spam", botcheck: true }, "10.1.0.2")).status).toBe(201);
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await post({ name: "Many", email: "many@example.test", message: `m${i}` }, "10.1.0.3")).status);
    expect(answers).toEqual([201, 201, 201, 429, 429]);
    const rows = await outboxRows();
    expect(rows.length - before).toBe(3);
    expect(rows.filter((r) => r.replyTo === "bot@example.test")).toHaveLength(0);
  });

  it("refuses line breaks in a name or e-mail at validation, so no header can be added", async () => {
    const before = (await outboxRows()).length;
    const attempts = [
      { name: "Eve\r\nBcc: victim@example.test", email: "eve@example.test", message: "x" },
      { name: "Eve\nSubject: hi", email: "eve@example.test", message: "x" },
      { name: "Eve", email: "eve@example.test\r\nBcc: victim@example.test", message: "x" },
      { name: "Eve", email: "eve@example.test%0d%0aBcc:victim@example.test", message: "x" },
      { name: "Eve", email: "eve@example.test", orgType: "others", otherType: "a\r\nBcc: v@example.test", message: "x" },
    ];
    for (const json of attempts) {
      const res = await post(json, "10.1.0.4");
      expect(res.status, JSON.stringify(json)).toBe(400);
      const body = (await res.json()) as { errors: Record<string, string> };
      expect(Object.keys(body.errors).length).toBeGreaterThan(0);
    }
    expect((await outboxRows()).length).toBe(before);
  });
});

describe("without CONTACT_NOTIFY_TO", () => {
  it("stores the message and writes no mail", async () => {
    // A second app instance on the same database, configured without recipients.
    const other = await createTestApp({ database: t.database });
    const [messages, mails] = [await t.database.db.$count(contactMessages), await t.database.db.$count(mailOutbox)];
    const res = await other.request("/api/contact-general", {
      method: "POST",
      json: { name: "A", email: "a@example.test", message: "hi" },
      ip: "10.1.0.9",
    });
    expect(res.status).toBe(201);
    expect(await t.database.db.$count(contactMessages)).toBe(messages + 1);
    expect(await t.database.db.$count(mailOutbox)).toBe(mails);
  });
});
