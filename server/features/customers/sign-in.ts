import { createHash, randomBytes, randomInt } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql, type SQL } from "drizzle-orm";
import { customerSignIns, customers } from "../../platform/db/schema";
import { InvalidInputError } from "../../platform/errors";
import { logLine } from "../../platform/log";
import { type RateLimiter, throttlePerMinute } from "../../platform/rate-limit";
import type { ServiceDeps } from "../../platform/service-deps";
import { enqueueSignInMail } from "./sign-in-mail";

export const SIGN_IN_MS = 15 * 60_000;
export const MAX_CODE_FAILURES = 5;
export const SIGN_IN_MAILS_PER_HOUR = 5;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
/** The code's hash is salted with its row's token hash: a table of the million codes' hashes is useless. */
const codeHash = (tokenHash: string, code: string) => sha256(`${tokenHash}:${code}`);

export const ASK_AGAIN = "This sign-in code or link has expired or was already used. Ask for a new one.";
/**
 * Every failed code answers this one sentence: a wrong code, a used, expired or voided one, and an
 * address with no customer look the same, so the answer never tells whether an address is known.
 */
export const CODE_FAILED = "That code is not right, or it has expired or was already used. Ask for a new one if the mailed code fails.";

type Used = { customerId: number | null; email: string };

/** Sign-in without a password: a code and a link mailed to any address, each used once. */
export function createCustomerSignIn(deps: ServiceDeps & { rateLimiter: RateLimiter }) {
  const { db, config, now, rateLimiter } = deps;
  const printCodes = !config.SMTP_URL && config.NODE_ENV !== "production";

  /** The verify posts' per-IP limit, shared with the sign-in posts (the admin login's limit). */
  const perIp = (clientIp: string) => throttlePerMinute(rateLimiter, `account-sign-in:${clientIp}`, config.LOGIN_RATE_LIMIT);

  /**
   * Mails a code and a link to any address (docs/decisions/108-taking-part.md): a customer's, or one
   * with no orders, whose customer row is made when the code is verified. Over SIGN_IN_MAILS_PER_HOUR
   * for one address nothing more is mailed, with the same answer and the same work.
   */
  async function request(email: string, clientIp: string): Promise<void> {
    await perIp(clientIp);
    const emailKey = email.trim().toLowerCase();
    const token = randomBytes(32).toString("base64url");
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const tokenHash = sha256(token);
    const hashedCode = codeHash(tokenHash, code);
    const mails = await rateLimiter.hit(`account-sign-in-mail:${sha256(emailKey)}`, SIGN_IN_MAILS_PER_HOUR, 3600);
    const [customer] = await db
      .select({ id: customers.id, email: customers.email, name: customers.name })
      .from(customers)
      .where(eq(sql`lower(${customers.email})`, emailKey));
    const at = now();
    const to = customer?.email ?? email.trim();
    await db.transaction(async (tx) => {
      // A new code voids the older ones: one live code per address, so 5 guesses are 5 in all.
      await tx
        .update(customerSignIns)
        .set({ usedAt: at })
        .where(and(eq(customerSignIns.email, mails.allowed ? emailKey : ""), isNull(customerSignIns.usedAt)));
      if (!mails.allowed) return;
      await tx.insert(customerSignIns).values({
        customerId: customer?.id ?? null,
        email: emailKey,
        tokenHash,
        codeHash: hashedCode,
        expiresAt: new Date(at.getTime() + SIGN_IN_MS),
        createdAt: at,
      });
      await enqueueSignInMail(tx, config, { to, name: customer?.name ?? to, code, token, customerId: customer?.id ?? 0 });
    });
    // Without a relay, outside production, the developer reads the code here: the one log line a code may be in.
    if (printCodes && mails.allowed)
      logLine({ level: "info", msg: "customer sign-in code (no SMTP_URL: printed for development)", to, code });
  }

  /**
   * The customer a used code or link signs in: its row's, or for an address with no customer a new
   * customer (an account with only its quests). Two verifies of two codes for one new address meet
   * on the unique lower(email) index; the second finds the first's row.
   */
  async function customerFor(used: Used): Promise<number> {
    if (used.customerId != null) return used.customerId;
    await db
      .insert(customers)
      .values({ email: used.email, name: used.email.split("@")[0] || used.email })
      .onConflictDoNothing();
    const [row] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(sql`lower(${customers.email})`, used.email));
    return row.id;
  }

  /** Uses the row once: the conditional UPDATE lets exactly one of two simultaneous verifies through. */
  async function consume(condition: SQL): Promise<Used | null> {
    const at = now();
    const rows = await db
      .update(customerSignIns)
      .set({ usedAt: at })
      .where(
        and(condition, isNull(customerSignIns.usedAt), gt(customerSignIns.expiresAt, at), lt(customerSignIns.failures, MAX_CODE_FAILURES)),
      )
      .returning({ customerId: customerSignIns.customerId, email: customerSignIns.email });
    return rows[0] ?? null;
  }

  /**
   * The customer the code signs in. One UPDATE checks the code and counts a wrong one, and only while
   * fewer than MAX_CODE_FAILURES were counted: simultaneous guesses queue on the row's lock and each
   * sees the count the earlier ones left, so any number at once get at most 5 tries in all. The
   * guess that makes the 5th failure voids the code (used_at).
   */
  async function verifyCode(email: string, code: string, clientIp: string): Promise<number> {
    await perIp(clientIp);
    const at = now();
    const [live] = await db
      .select({ id: customerSignIns.id, tokenHash: customerSignIns.tokenHash })
      .from(customerSignIns)
      .where(and(eq(customerSignIns.email, email.trim().toLowerCase()), isNull(customerSignIns.usedAt), gt(customerSignIns.expiresAt, at)))
      .orderBy(desc(customerSignIns.createdAt))
      .limit(1);
    if (!live) throw new InvalidInputError(CODE_FAILED, { code: CODE_FAILED });
    const guess = codeHash(live.tokenHash, code.trim());
    const right = sql<boolean>`${customerSignIns.codeHash} = ${guess}`;
    const [tried] = await db
      .update(customerSignIns)
      .set({
        failures: sql`${customerSignIns.failures} + case when ${right} then 0 else 1 end`,
        usedAt: sql`case when ${right} or ${customerSignIns.failures} + 1 >= ${MAX_CODE_FAILURES} then ${at.toISOString()}::timestamptz end`,
      })
      .where(
        and(
          eq(customerSignIns.id, live.id),
          isNull(customerSignIns.usedAt),
          gt(customerSignIns.expiresAt, at),
          lt(customerSignIns.failures, MAX_CODE_FAILURES),
        ),
      )
      .returning({ right, customerId: customerSignIns.customerId, email: customerSignIns.email });
    if (!tried?.right) throw new InvalidInputError(CODE_FAILED, { code: CODE_FAILED });
    return customerFor(tried);
  }

  /** The customer the link's token signs in. */
  async function verifyToken(token: string, clientIp: string): Promise<number> {
    await perIp(clientIp);
    const used = await consume(sql`${customerSignIns.tokenHash} = ${sha256(token)}`);
    if (!used) throw new InvalidInputError(ASK_AGAIN, { token: ASK_AGAIN });
    return customerFor(used);
  }

  return { request, verifyCode, verifyToken };
}
