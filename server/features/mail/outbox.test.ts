import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpRelay, header, waitFor, type SmtpRelay } from "../../../tests/helpers/smtp-relay";
import { createTestDatabase } from "../../../tests/helpers/test-db";
import { testConfig } from "../../platform/config";
import type { Database } from "../../platform/db/client";
import { mailOutbox } from "../../platform/db/schema";
import { startMailSender } from "./mail-sender";
import { InvalidInputError } from "../../platform/errors";
import { enqueueMail } from "./outbox";

let database: Database;
let relay: SmtpRelay;
const config = testConfig({ MAIL_FROM: "no-reply@example.test" });
const mail = { kind: "test", to: ["ops@example.test"], subject: "Hello", html: "<p>Hi</p>", text: "Hi" };

beforeAll(async () => {
  database = await createTestDatabase();
  relay = await startSmtpRelay();
});
afterAll(async () => {
  await relay.stop();
  await database.close();
});

describe("enqueueMail", () => {
  it("writes nothing when the caller's transaction rolls back", async () => {
    const before = await database.db.$count(mailOutbox);
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, config, mail);
        throw new Error("cause failed");
      }),
    ).rejects.toThrow("cause failed");
    expect(await database.db.$count(mailOutbox)).toBe(before);
  });

  it("refuses a line break in an address or subject", async () => {
    await expect(enqueueMail(database.db, config, { ...mail, to: ["a@b.test\r\nBcc: x@evil.test"] })).rejects.toBeInstanceOf(
      InvalidInputError,
    );
    await expect(enqueueMail(database.db, config, { ...mail, replyTo: "a@b.test\nBcc: x@evil.test" })).rejects.toBeInstanceOf(
      InvalidInputError,
    );
    await expect(enqueueMail(database.db, config, { ...mail, subject: "Hi\r\nBcc: x@evil.test" })).rejects.toBeInstanceOf(
      InvalidInputError,
    );
  });

  it("is sent by the sender with its stored Message-ID, HTML and text parts", async () => {
    const { id, messageId } = await database.db.transaction((tx) => enqueueMail(tx, config, { ...mail, replyTo: "visitor@example.test" }));
    expect(messageId).toMatch(/^<[0-9a-f-]{36}@example\.test>$/);
    const sender = startMailSender({ db: database.db, config: { ...config, SMTP_URL: relay.url }, now: () => new Date() }, { pollMs: 50 });
    try {
      await waitFor(() => relay.received.some((m) => header(m.raw, "message-id") === messageId), 10_000, "delivery");
      const got = relay.received.find((m) => header(m.raw, "message-id") === messageId)!;
      expect(got.to).toEqual(["ops@example.test"]);
      expect(header(got.raw, "reply-to")).toBe("visitor@example.test");
      expect(header(got.raw, "from")).toBe("no-reply@example.test");
      expect(header(got.raw, "content-type")).toMatch(/^multipart\/alternative/);
      expect(got.raw).toMatch(/Content-Type: text\/plain/);
      expect(got.raw).toMatch(/Content-Type: text\/html/);
      await waitFor(
        async () => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0].status === "sent",
        5000,
        "sent mark",
      );
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ status: "sent", attempts: 1, lockedUntil: null, lastError: null });
    } finally {
      await sender.stop();
    }
  });
});
