import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { customerSessions, customers } from "../../platform/db/schema";
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
      await db.insert(customerSessions).values({
        tokenHash: hash(token),
        customerId,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + CUSTOMER_SESSION_ABSOLUTE_MS),
      });
      return token;
    },

    /** The session's customer, or null when missing, expired or idle for 7 days. */
    async customer(token: string): Promise<SessionCustomer | null> {
      const at = now();
      const [row] = await db
        .select({ id: customers.id, email: customers.email, name: customers.name, lastSeenAt: customerSessions.lastSeenAt })
        .from(customerSessions)
        .innerJoin(customers, eq(customers.id, customerSessions.customerId))
        .where(
          and(
            eq(customerSessions.tokenHash, hash(token)),
            gt(customerSessions.expiresAt, at),
            gt(customerSessions.lastSeenAt, new Date(at.getTime() - CUSTOMER_SESSION_IDLE_MS)),
          ),
        );
      if (!row) return null;
      if (row.lastSeenAt.getTime() < at.getTime() - SLIDE_AFTER_MS) {
        await db
          .update(customerSessions)
          .set({ lastSeenAt: at })
          .where(eq(customerSessions.tokenHash, hash(token)));
      }
      return { id: row.id, email: row.email, name: row.name };
    },

    async end(token: string): Promise<void> {
      await db.delete(customerSessions).where(eq(customerSessions.tokenHash, hash(token)));
    },
  };
}

export type CustomerSessions = ReturnType<typeof createCustomerSessions>;
