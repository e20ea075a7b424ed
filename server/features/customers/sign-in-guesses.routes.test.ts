import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buy, lastMail, PAY_SECRET } from "../../../tests/helpers/account-fixtures";
import { addSaleVersion } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { queryRows } from "../../platform/db/query-rows";
import { customerSignIns, customers } from "../../platform/db/schema";

// Guessing a sign-in code: the cap holds under simultaneous guesses, and no answer tells a known address.
let t: TestApp;
let ipN = 0;
const ip = () => `10.71.${Math.floor(++ipN / 250)}.${ipN % 250}`;
const post = (path: string, json: unknown) => t.request(path, { method: "POST", json, ip: ip() });

beforeAll(async () => {
  t = await createTestApp({ config: { PAYMENT_TEST_SECRET: PAY_SECRET, CHECKOUT_RATE_LIMIT: 10_000 } });
  await addSaleVersion(t, "acct-tool", "1.0", { machineLimit: 2 });
});
afterAll(() => t.close());

/** Asks for a code for `email` and returns it. */
async function mailedCode(email: string): Promise<string> {
  await post("/api/account/sign-in", { email });
  return (await lastMail(t, email, "account-sign-in"))?.secrets?.code as string;
}

const other = (code: string, k: number) => String((Number(code) + 1 + k) % 1_000_000).padStart(6, "0");

/** The wrong guesses counted on the address's newest code. */
async function failures(email: string): Promise<number> {
  const [row] = await queryRows<{ failures: number }>(
    t.database.db,
    sql`select s.${sql.identifier(customerSignIns.failures.name)} as failures from ${customerSignIns} s
      join ${customers} c on c.${sql.identifier(customers.id.name)} = s.${sql.identifier(customerSignIns.customerId.name)}
      where c.${sql.identifier(customers.email.name)} = ${email} order by s.${sql.identifier(customerSignIns.id.name)} desc limit 1`,
  );
  return Number(row.failures);
}

describe("sign-in code guesses", () => {
  it("40 simultaneous guesses from 40 addresses, the right code sent last: 5 tries in all, the right one refused, burst after burst", async () => {
    for (let burst = 0; burst < 3; burst++) {
      const email = `burst${burst}@example.com`;
      await buy(t, email);
      const code = await mailedCode(email);
      // Sent in this order; the app and its pool keep it well enough that the last guess is never among the first 5 tried.
      const guesses = Array.from({ length: 40 }, (_, k) => (k === 39 ? code : other(code, k)));
      const answers = await Promise.all(guesses.map((guess) => post("/api/account/verify", { email, code: guess })));
      expect(answers.map((r) => r.status)).toEqual(guesses.map(() => 400));
      expect(new Set(await Promise.all(answers.map((r) => r.text()))).size).toBe(1);
      expect(await failures(email)).toBe(5);
    }
  });

  it("a wrong code, a voided code, a known address with no code and an unknown address answer byte for byte the same", async () => {
    await buy(t, "same@example.com");
    await buy(t, "idle@example.com");
    const code = await mailedCode("same@example.com");
    const answer = async (email: string, guess: string) => {
      const res = await post("/api/account/verify", { email, code: guess });
      return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
    };
    const wrong = await answer("same@example.com", other(code, 0));
    const unknown = await answer("nobody-here@example.com", other(code, 0));
    const noCode = await answer("idle@example.com", code);
    expect(wrong.status).toBe(400);
    expect(unknown).toEqual(wrong);
    expect(noCode).toEqual(wrong);
    for (let k = 1; k < 6; k++) await answer("same@example.com", other(code, k));
    expect(await answer("same@example.com", code)).toEqual(wrong);
  });

  it("sign-in: a known and a new address get byte-identical answers, and both are mailed a code", async () => {
    await buy(t, "known2@example.com");
    const known = await post("/api/account/sign-in", { email: "known2@example.com" });
    const unknown = await post("/api/account/sign-in", { email: "stranger@example.com" });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await unknown.text()).toBe(await known.text());
    const rows = await t.database.db
      .select()
      .from(customerSignIns)
      .where(sql`${customerSignIns.email} = 'stranger@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0].customerId).toBeNull();
  });
});
