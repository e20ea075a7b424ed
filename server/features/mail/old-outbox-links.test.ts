import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/helpers/test-db";
import type { Database } from "../../platform/db/client";
import { mailOutbox } from "../../platform/db/schema";

// Migration 0012 masks the one-time links that mails written before the secrets mechanism kept in
// their stored bodies. Its statement runs again here on rows shaped like those old mails.
const MIGRATION = readFileSync(new URL("../../../drizzle/0012_hide_links_in_old_outbox_rows.sql", import.meta.url), "utf8");

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const row = (messageId: string, body: string) => ({
  kind: "admin-password-reset",
  messageId,
  toAddrs: ["admin@example.test"],
  subject: "Reset",
  html: `<a href="${body}">${body}</a>`,
  textBody: body,
});

it("hides the links old mails kept in their bodies and leaves other mail alone", async () => {
  const old = "https://example.test/admin/reset-password#token=Ab3_x-9Zq";
  const plain = "https://example.test/contact/sent";
  await database.db.insert(mailOutbox).values([row("<old@test>", old), row("<plain@test>", plain)]);
  await database.db.execute(sql.raw(MIGRATION));
  const [masked] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.messageId, "<old@test>"));
  expect(masked.textBody).toBe("https://example.test/admin/reset-password#token=[hidden]");
  expect(masked.html).not.toContain("Ab3_x-9Zq");
  const [untouched] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.messageId, "<plain@test>"));
  expect(untouched.textBody).toBe(plain);
});

// Migration 0019 masks the licence keys and order tokens that receipts kept before their slots.
const RECEIPT_MIGRATION = readFileSync(new URL("../../../drizzle/0019_hide_keys_in_old_receipts.sql", import.meta.url), "utf8");

it("hides the licence key and order token old receipts kept, and leaves other mail alone", async () => {
  const key = "ONI-7K2QD-9XH4M-PZ3RT-WB8NC-QF6JA-2MV5E";
  const link = "https://example.test/checkout/receipt/7?token=Zx9_-aQ%2Bb";
  const body = `Your key: ${key}\nYour receipt: ${link}`;
  await database.db.insert(mailOutbox).values([
    { ...row("<receipt@test>", ""), kind: "receipt", html: `<p>${key}</p><a href="${link}">receipt</a>`, textBody: body },
    { ...row("<contact@test>", ""), kind: "contact-copy", html: `<p>${key}</p>`, textBody: body },
  ]);
  await database.db.execute(sql.raw(RECEIPT_MIGRATION));
  const [masked] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.messageId, "<receipt@test>"));
  expect(masked.textBody).toBe("Your key: [hidden]\nYour receipt: https://example.test/checkout/receipt/7?token=[hidden]");
  expect(masked.html).toBe('<p>[hidden]</p><a href="https://example.test/checkout/receipt/7?token=[hidden]">receipt</a>');
  const [untouched] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.messageId, "<contact@test>"));
  expect(untouched.textBody).toBe(body);
});
