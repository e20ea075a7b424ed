import { createHash, randomBytes, randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { queryRows } from "../../platform/db/query-rows";
import { customerSignIns, customers, rateLimits } from "../../platform/db/schema";
import { bare, names } from "../../platform/db/sql-names";
import { InvalidInputError } from "../../platform/errors";
import { logLine } from "../../platform/log";
import { type RateLimiter, rateWindow, throttlePerMinute } from "../../platform/rate-limit";
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

type Used = { customer_id: number };

/** Sign-in without a password: a code and a link mailed to a known customer, each used once. */
export function createCustomerSignIn(deps: ServiceDeps & { rateLimiter: RateLimiter }) {
  const { db, config, now, rateLimiter } = deps;
  const printCodes = !config.SMTP_URL && config.NODE_ENV !== "production";

  /** The verify posts' per-IP limit, shared with the sign-in posts (the admin login's limit). */
  const perIp = (clientIp: string) => throttlePerMinute(rateLimiter, `account-sign-in:${clientIp}`, config.LOGIN_RATE_LIMIT);

  /**
   * Mails a code and a link when a customer has this e-mail. An unknown address does the same work
   * (random secrets, their hashes, the per-address count, a transaction with a write) and gets the
   * same answer, only no mail. Over SIGN_IN_MAILS_PER_HOUR for one address nothing more is mailed,
   * with the same answer and the same work.
   */
  async function request(email: string, clientIp: string): Promise<void> {
    await perIp(clientIp);
    const emailKey = email.trim().toLowerCase();
    const token = randomBytes(32).toString("base64url");
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const tokenHash = sha256(token);
    const hashedCode = codeHash(tokenHash, code);
    const mails = await rateLimiter.hit(`account-sign-in-mail:${sha256(emailKey)}`, SIGN_IN_MAILS_PER_HOUR, 3600);
    const [customer] = await queryRows<{ id: number; email: string; name: string }>(
      db,
      sql`select ${customers.id}, ${customers.email}, ${customers.name} from ${customers} where lower(${customers.email}) = ${emailKey}`,
    );
    const at = now();
    if (!customer || !mails.allowed) return decoy(emailKey, at);
    await db.transaction(async (tx) => {
      // A new code voids the older ones: one live code per customer, so 5 guesses are 5 in all.
      await tx.execute(
        sql`update ${customerSignIns} set ${bare(customerSignIns.usedAt)} = ${at.toISOString()}
          where ${customerSignIns.customerId} = ${customer.id} and ${customerSignIns.usedAt} is null`,
      );
      await tx.execute(
        sql`insert into ${customerSignIns} (${names(customerSignIns.customerId, customerSignIns.tokenHash, customerSignIns.codeHash, customerSignIns.expiresAt, customerSignIns.createdAt)})
          values (${customer.id}, ${tokenHash}, ${hashedCode}, ${new Date(at.getTime() + SIGN_IN_MS).toISOString()}, ${at.toISOString()})`,
      );
      await enqueueSignInMail(tx as Db, config, { to: customer.email, name: customer.name, code, token, customerId: customer.id });
    });
    // Without a relay, outside production, the developer reads the code here: the one log line a code may be in.
    if (printCodes)
      logLine({ level: "info", msg: "customer sign-in code (no SMTP_URL: printed for development)", to: customer.email, code });
  }

  /**
   * The work of a mailed code for an address that gets none: the same voiding UPDATE (it matches no
   * row) and one committed write (a counter row the retention job deletes), so a known and an unknown
   * address cost the database alike and the answer's timing does not tell them apart.
   */
  async function decoy(emailKey: string, at: Date): Promise<void> {
    const window = rateWindow(at.getTime(), 3600);
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update ${customerSignIns} set ${bare(customerSignIns.usedAt)} = ${at.toISOString()}
          where ${customerSignIns.customerId} = ${0} and ${customerSignIns.usedAt} is null`,
      );
      await tx.execute(
        sql`insert into ${rateLimits} (${names(rateLimits.key, rateLimits.windowStart, rateLimits.count)})
          values (${`account-sign-in-decoy:${sha256(emailKey)}`}, ${window.start.toISOString()}, 1)
          on conflict (${names(rateLimits.key, rateLimits.windowStart)}) do update set ${bare(rateLimits.count)} = ${rateLimits.count} + 1`,
      );
    });
  }

  /** Uses the row once: the conditional UPDATE lets exactly one of two simultaneous verifies through. */
  async function consume(condition: ReturnType<typeof sql>): Promise<number | null> {
    const at = now().toISOString();
    const rows = await queryRows<Used>(
      db,
      sql`update ${customerSignIns} set ${bare(customerSignIns.usedAt)} = ${at}
        where ${condition} and ${customerSignIns.usedAt} is null and ${customerSignIns.expiresAt} > ${at}::timestamptz
          and ${customerSignIns.failures} < ${MAX_CODE_FAILURES}
        returning ${customerSignIns.customerId} as customer_id`,
    );
    return rows[0] ? Number(rows[0].customer_id) : null;
  }

  /**
   * The customer the code signs in. One UPDATE checks the code and counts a wrong one, and only while
   * fewer than MAX_CODE_FAILURES were counted: simultaneous guesses queue on the row's lock and each
   * sees the count the earlier ones left, so any number at once get at most 5 tries in all. The
   * guess that makes the 5th failure voids the code (used_at).
   */
  async function verifyCode(email: string, code: string, clientIp: string): Promise<number> {
    await perIp(clientIp);
    const at = now().toISOString();
    const [live] = await queryRows<{ id: string; token_hash: string }>(
      db,
      sql`select s.${bare(customerSignIns.id)}, s.${bare(customerSignIns.tokenHash)}
        from ${customerSignIns} s join ${customers} c on c.${bare(customers.id)} = s.${bare(customerSignIns.customerId)}
        where lower(c.${bare(customers.email)}) = ${email.trim().toLowerCase()} and s.${bare(customerSignIns.usedAt)} is null
          and s.${bare(customerSignIns.expiresAt)} > ${at}::timestamptz
        order by s.${bare(customerSignIns.createdAt)} desc limit 1`,
    );
    if (!live) throw new InvalidInputError(CODE_FAILED, { code: CODE_FAILED });
    const guess = codeHash(live.token_hash, code.trim());
    const [tried] = await queryRows<{ customer_id: number | null }>(
      db,
      sql`update ${customerSignIns} set
          ${bare(customerSignIns.failures)} = ${customerSignIns.failures} + case when ${customerSignIns.codeHash} = ${guess} then 0 else 1 end,
          ${bare(customerSignIns.usedAt)} = case when ${customerSignIns.codeHash} = ${guess} or ${customerSignIns.failures} + 1 >= ${MAX_CODE_FAILURES}
            then ${at}::timestamptz end
        where ${customerSignIns.id} = ${live.id} and ${customerSignIns.usedAt} is null and ${customerSignIns.expiresAt} > ${at}::timestamptz
          and ${customerSignIns.failures} < ${MAX_CODE_FAILURES}
        returning case when ${customerSignIns.codeHash} = ${guess} then ${customerSignIns.customerId} end as customer_id`,
    );
    if (tried?.customer_id == null) throw new InvalidInputError(CODE_FAILED, { code: CODE_FAILED });
    return Number(tried.customer_id);
  }

  /** The customer the link's token signs in. */
  async function verifyToken(token: string, clientIp: string): Promise<number> {
    await perIp(clientIp);
    const customerId = await consume(sql`${customerSignIns.tokenHash} = ${sha256(token)}`);
    if (customerId == null) throw new InvalidInputError(ASK_AGAIN, { token: ASK_AGAIN });
    return customerId;
  }

  return { request, verifyCode, verifyToken };
}
