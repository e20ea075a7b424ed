import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/helpers/test-db";
import type { Database } from "./db/client";
import { queryRows } from "./db/query-rows";
import { createLeasedRateLimiter } from "./rate-limit";

// The leased limiter (docs/decisions/020-leased-rate-limit.md): never more hits than the limit,
// whatever the concurrency and however many instances share the database; far fewer writes.
let database: Database;
let clockMs = Date.parse("2026-11-24T01:00:10.000Z");
const now = () => new Date(clockMs);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const stored = async (key: string) =>
  Number((await queryRows<{ n: string }>(database.db, sql`select coalesce(sum(count), 0) as n from rate_limits where key = ${key}`))[0].n);

describe("leased rate limiter", () => {
  it("allows exactly the limit to one sequential caller, then refuses without writing", async () => {
    const limiter = createLeasedRateLimiter({ db: database.db, now });
    const answers = [];
    for (let i = 0; i < 130; i++) answers.push((await limiter.hit("seq", 120, 60)).allowed);
    expect(answers.filter(Boolean)).toHaveLength(120);
    expect(answers.slice(0, 120).every(Boolean)).toBe(true);
    const count = await stored("seq");
    for (let i = 0; i < 20; i++) expect((await limiter.hit("seq", 120, 60)).allowed).toBe(false);
    // Refused from memory: the row did not move.
    expect(await stored("seq")).toBe(count);
  });

  it("never grants more than the limit to two instances hit concurrently, and writes far less than once per hit", async () => {
    const a = createLeasedRateLimiter({ db: database.db, now });
    const b = createLeasedRateLimiter({ db: database.db, now });
    let writes = 0;
    const counted = (db: Database["db"]) =>
      new Proxy(db, {
        get: (target, prop, receiver) =>
          prop === "execute"
            ? (...args: unknown[]) => {
                writes++;
                return (target.execute as (...a: unknown[]) => unknown)(...args);
              }
            : Reflect.get(target, prop, receiver),
      });
    const c = createLeasedRateLimiter({ db: counted(database.db), now });
    const limit = 1000;
    const results = await Promise.all(Array.from({ length: 1500 }, (_, i) => [a, b, c][i % 3].hit("burst", limit, 60)));
    const allowed = results.filter((r) => r.allowed).length;
    expect(allowed).toBeLessThanOrEqual(limit);
    // Unspent leases of the others may refuse a few early: at most (instances - 1) × (cap - 1).
    expect(allowed).toBeGreaterThanOrEqual(limit - 2 * (limit / 10 - 1));
    expect(writes).toBeLessThan(500 / 10);
  });

  it("starts over in the next window", async () => {
    const limiter = createLeasedRateLimiter({ db: database.db, now });
    for (let i = 0; i < 3; i++) expect((await limiter.hit("win", 3, 60)).allowed).toBe(true);
    expect((await limiter.hit("win", 3, 60)).allowed).toBe(false);
    clockMs += 60_000;
    expect((await limiter.hit("win", 3, 60)).allowed).toBe(true);
  });

  it("shares the counter with the other instances: hits taken elsewhere count", async () => {
    const a = createLeasedRateLimiter({ db: database.db, now });
    const b = createLeasedRateLimiter({ db: database.db, now });
    for (let i = 0; i < 5; i++) expect((await a.hit("shared", 8, 60)).allowed).toBe(true);
    const fromB = [];
    for (let i = 0; i < 5; i++) fromB.push((await b.hit("shared", 8, 60)).allowed);
    expect(fromB.filter(Boolean)).toHaveLength(3);
  });
});
