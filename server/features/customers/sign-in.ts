import { createHash, randomBytes, randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows } from "../../platform/db/query-rows";
import { customerSignIns, customers } from "../../platform/db/schema";
import { bare, names } from "../../platform/db/sql-names";
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

type Used = { customer_id: number | null; email: string };

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
    const [customer] = await queryRows<{ id: number; email: string; name: string }>(
      db,
      sql`select ${customers.id}, ${customers.email}, ${customers.name} from ${customers} where lower(${customers.email}) = ${emailKey}`,
    );
    const at = now();
    const to = customer?.email ?? email.trim();
    await db.transaction(async (tx) => {
      // A new code voids the older ones: one live code per address, so 5 guesses are 5 in all.
      await tx.execute(
        sql`update ${customerSignIns} set ${bare(customerSignIns.usedAt)} = ${at.toISOString()}
          where ${customerSignIns.email} = ${mails.allowed ? emailKey : ""} and ${customerSignIns.usedAt} is null`,
      );
      if (!mails.allowed) return;
      await tx.execute(
        sql`insert into ${customerSignIns} (${names(customerSignIns.customerId, customerSignIns.email, customerSignIns.tokenHash, customerSignIns.codeHash, customerSignIns.expiresAt, customerSignIns.createdAt)})
          values (${customer?.id ?? null}, ${emailKey}, ${tokenHash}, ${hashedCode}, ${new Date(at.getTime() + SIGN_IN_MS).toISOString()}, ${at.toISOString()})`,
      );
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
    if (used.customer_id != null) return Number(used.customer_id);
    await db.execute(
      sql`insert into ${customers} (${names(customers.email, customers.name)}) values (${used.email}, ${used.email.split("@")[0] || used.email})
        on conflict do nothing`,
    );
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`select ${customers.id} from ${customers} where lower(${customers.email}) = ${used.email}`,
    );
    return Number(row.id);
  }

  /** Uses the row once: the conditional UPDATE lets exactly one of two simultaneous verifies through. */
  async function consume(condition: ReturnType<typeof sql>): Promise<Used | null> {
    const at = now().toISOString();
    const rows = await queryRows<Used>(
      db,
      sql`update ${customerSignIns} set ${bare(customerSignIns.usedAt)} = ${at}
        where ${condition} and ${customerSignIns.usedAt} is null and ${customerSignIns.expiresAt} > ${at}::timestamptz
          and ${customerSignIns.failures} < ${MAX_CODE_FAILURES}
        returning ${customerSignIns.customerId} as customer_id, ${customerSignIns.email} as email`,
    );
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
    const at = now().toISOString();
    const [live] = await queryRows<{ id: string; token_hash: string }>(
      db,
      sql`select s.${bare(customerSignIns.id)}, s.${bare(customerSignIns.tokenHash)}
        from ${customerSignIns} s
        where s.${bare(customerSignIns.email)} = ${email.trim().toLowerCase()} and s.${bare(customerSignIns.usedAt)} is null
          and s.${bare(customerSignIns.expiresAt)} > ${at}::timestamptz
        order by s.${bare(customerSignIns.createdAt)} desc limit 1`,
    );
    if (!live) throw new InvalidInputError(CODE_FAILED, { code: CODE_FAILED });
    const guess = codeHash(live.token_hash, code.trim());
    const [tried] = await queryRows<{ right: boolean; customer_id: number | null; email: string }>(
      db,
      sql`update ${customerSignIns} set
          ${bare(customerSignIns.failures)} = ${customerSignIns.failures} + case when ${customerSignIns.codeHash} = ${guess} then 0 else 1 end,
          ${bare(customerSignIns.usedAt)} = case when ${customerSignIns.codeHash} = ${guess} or ${customerSignIns.failures} + 1 >= ${MAX_CODE_FAILURES}
            then ${at}::timestamptz end
        where ${customerSignIns.id} = ${live.id} and ${customerSignIns.usedAt} is null and ${customerSignIns.expiresAt} > ${at}::timestamptz
          and ${customerSignIns.failures} < ${MAX_CODE_FAILURES}
        returning ${customerSignIns.codeHash} = ${guess} as right, ${customerSignIns.customerId} as customer_id, ${customerSignIns.email} as email`,
    );
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
