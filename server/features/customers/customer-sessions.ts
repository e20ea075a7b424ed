import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows } from "../../platform/db/query-rows";
import { customerSessions, customers } from "../../platform/db/schema";
import { bare, names } from "../../platform/db/sql-names";
import type { ServiceDeps } from "../../platform/service-deps";

export const CUSTOMER_SESSION_ABSOLUTE_MS = 30 * 86_400_000; // 30 days at most
export const CUSTOMER_SESSION_IDLE_MS = 7 * 86_400_000; // and 7 days idle
const SLIDE_AFTER_MS = 3_600_000; // last_seen refreshed at most once an hour per session

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

export type SessionCustomer = { id: number; email: string; name: string };

/** Customer sessions: their own table and cookie, so nothing of the admin's session opens them. */
export function createCustomerSessions({ db, now }: ServiceDeps) {
  return {
    async start(customerId: number): Promise<string> {
      const token = randomBytes(32).toString("base64url");
      const at = now();
      await db.execute(
        sql`insert into ${customerSessions} (${names(customerSessions.tokenHash, customerSessions.customerId, customerSessions.createdAt, customerSessions.lastSeenAt, customerSessions.expiresAt)})
          values (${hash(token)}, ${customerId}, ${at.toISOString()}, ${at.toISOString()}, ${new Date(at.getTime() + CUSTOMER_SESSION_ABSOLUTE_MS).toISOString()})`,
      );
      return token;
    },

    /** The session's customer, or null when missing, expired or idle for 7 days. */
    async customer(token: string): Promise<SessionCustomer | null> {
      const at = now();
      const rows = await queryRows<{ id: number; email: string; name: string; last_seen_ms: string }>(
        db,
        sql`select c.${bare(customers.id)}, c.${bare(customers.email)}, c.${bare(customers.name)},
            floor(extract(epoch from s.${bare(customerSessions.lastSeenAt)}) * 1000)::float8 as last_seen_ms
          from ${customerSessions} s join ${customers} c on c.${bare(customers.id)} = s.${bare(customerSessions.customerId)}
          where s.${bare(customerSessions.tokenHash)} = ${hash(token)} and s.${bare(customerSessions.expiresAt)} > ${at.toISOString()}::timestamptz
            and s.${bare(customerSessions.lastSeenAt)} > ${new Date(at.getTime() - CUSTOMER_SESSION_IDLE_MS).toISOString()}::timestamptz`,
      );
      const row = rows[0];
      if (!row) return null;
      if (Number(row.last_seen_ms) < at.getTime() - SLIDE_AFTER_MS) {
        await db.execute(
          sql`update ${customerSessions} set ${bare(customerSessions.lastSeenAt)} = ${at.toISOString()} where ${customerSessions.tokenHash} = ${hash(token)}`,
        );
      }
      return { id: Number(row.id), email: row.email, name: row.name };
    },

    async end(token: string): Promise<void> {
      await db.execute(sql`delete from ${customerSessions} where ${customerSessions.tokenHash} = ${hash(token)}`);
    },
  };
}

export type CustomerSessions = ReturnType<typeof createCustomerSessions>;
