import { type SQL, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../../tests/helpers/test-db";
import { testConfig } from "../../platform/config";
import type { Database, Db } from "../../platform/db/client";
import { queryRows } from "../../platform/db/query-rows";
import { createContact } from "./contact";
import { createContactWriter } from "./contact-writer";
import { sqlState } from "../../platform/db/db-errors";
import { ThrottledError } from "../../platform/errors";

// Group commit (docs/decisions/006-contact-group-commit.md): posts made in one turn of the event
// loop share one statement, and the per-IP limit stays exact inside a batch, across batches and
// across app instances sharing the database.
const LIMIT = 5;
// A fixed clock: a batch straddling a minute boundary would count in two windows.
const clock = () => new Date("2026-11-23T01:00:30.000Z");
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
afterEach(() => vi.restoreAllMocks());

/** `db` whose `execute` (the writer's batch statement) goes through `execute`. */
function withExecute(db: Db, execute: (original: Db["execute"], query: SQL) => Promise<unknown>): Db {
  const original = db.execute.bind(db);
  return new Proxy(db, {
    get: (target, prop, receiver) => (prop === "execute" ? (query: SQL) => execute(original, query) : Reflect.get(target, prop, receiver)),
  });
}

/** A contact service (one "app instance") whose statements are counted. */
function instance(db: Db = database.db) {
  const calls = { statements: 0 };
  const counted = withExecute(db, (original, query) => {
    calls.statements++;
    return original(query);
  });
  return {
    contact: createContact({
      db: counted,
      config: testConfig({ CONTACT_RATE_LIMIT: LIMIT }),
      now: clock,
    }),
    calls,
  };
}

const post = (contact: ReturnType<typeof createContact>, ip: string, message: string) =>
  contact.submit("general", { name: "Batch", email: "batch@example.com", message }, ip);

async function storedFor(ip: string): Promise<string[]> {
  const rows = await queryRows<{ message: string }>(
    database.db,
    sql`select message from contact_messages where client_ip = ${ip} order by id`,
  );
  return rows.map((r) => r.message);
}

describe("contact group commit", () => {
  it("writes 50 posts from one IP in one statement: exactly the first 5 stored, 45 refused with 429", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.5); // no old-window sweep in this count
    const { contact, calls } = instance();
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => post(contact, "10.9.0.1", `m${i}`)));
    expect(calls.statements).toBe(1);
    const stored = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    expect(stored).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const err of refused) {
      expect(err).toBeInstanceOf(ThrottledError);
      expect(err).toMatchObject({ retryAfterSeconds: 30 });
    }
    expect(await storedFor("10.9.0.1")).toEqual(["m0", "m1", "m2", "m3", "m4"]);
  });

  it("keeps each IP's count apart inside one batch", async () => {
    const { contact } = instance();
    const ips = ["10.9.1.1", "10.9.1.2", "10.9.1.3"];
    const posts = [];
    for (let i = 0; i < 8; i++) for (const ip of ips) posts.push(post(contact, ip, `${ip} #${i}`));
    const results = await Promise.allSettled(posts);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(15);
    for (const ip of ips) expect(await storedFor(ip)).toEqual([0, 1, 2, 3, 4].map((i) => `${ip} #${i}`));
  });

  it("counts earlier batches and other instances' hits in the same window", async () => {
    const first = await Promise.allSettled([1, 2, 3].map((i) => post(instance().contact, "10.9.2.1", `early ${i}`)));
    expect(first.every((r) => r.status === "fulfilled")).toBe(true);
    // Two app instances on one database post at once; only two places are left in the window.
    const a = instance().contact;
    const b = instance().contact;
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => post(i % 2 ? a : b, "10.9.2.1", `late ${i}`)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect(await storedFor("10.9.2.1")).toHaveLength(5);
  });

  it("a row the database refuses fails alone: the others are stored and only they succeed", async () => {
    // Straight to the writer: validation (parseWith) refuses NUL before a row gets this far, but
    // PostgreSQL text cannot hold one, so this row makes the whole batch statement fail.
    const writer = createContactWriter({
      db: database.db,
      config: testConfig({ CONTACT_RATE_LIMIT: LIMIT }),
      now: clock,
    });
    const row = (message: string, i: number) => ({
      source: "general" as const,
      name: "Row",
      email: "row@example.com",
      message,
      orgType: null,
      orgName: null,
      otherType: null,
      clientIp: `10.9.3.${i}`,
      createdAt: clock(),
    });
    const messages = ["ok 1", "ok 2", "bad \u0000 byte", "ok 3"];
    const results = await Promise.allSettled(messages.map((m, i) => writer.write(row(m, i), `contact-ip:10.9.3.${i}`)));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect(results.filter((r) => r.status === "fulfilled").map((r) => r.value)).toEqual([
      { stored: true },
      { stored: true },
      { stored: true },
    ]);
    expect(sqlState((results[2] as PromiseRejectedResult).reason)).toBeDefined();
    const stored = await queryRows<{ message: string }>(
      database.db,
      sql`select message from contact_messages where client_ip like '10.9.3.%' order by id`,
    );
    expect(stored.map((r) => r.message)).toEqual(["ok 1", "ok 2", "ok 3"]);
  });

  it("stays exact with several statements in flight (as on PostgreSQL)", async () => {
    const writer = createContactWriter({ db: database.db, config: testConfig({ CONTACT_RATE_LIMIT: LIMIT }), now: clock }, 3);
    const row = (i: number) => ({
      source: "general" as const,
      name: "Wave",
      email: "wave@example.com",
      message: `wave ${i}`,
      orgType: null,
      orgName: null,
      otherType: null,
      clientIp: "10.9.5.1",
      createdAt: clock(),
    });
    const writes = [];
    for (let wave = 0; wave < 4; wave++) {
      for (let i = 0; i < 6; i++) writes.push(writer.write(row(wave * 6 + i), "contact-ip:10.9.5.1"));
      await new Promise((resolve) => setImmediate(resolve)); // the previous wave's statement is under way
    }
    const outcomes = await Promise.all(writes);
    expect(outcomes.filter((o) => o.stored)).toHaveLength(5);
    expect(await storedFor("10.9.5.1")).toHaveLength(5);
  });

  it("a failure with no verdict from the database (connection lost) answers no post as stored", async () => {
    const lost = withExecute(database.db, () => Promise.reject(new Error("Connection terminated unexpectedly")));
    const { contact } = instance(lost);
    const results = await Promise.allSettled([1, 2, 3].map((i) => post(contact, "10.9.4.1", `lost ${i}`)));
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(await storedFor("10.9.4.1")).toEqual([]);
  });
});
