import { DAY_MS } from "../../../contract/time";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { Db } from "../../platform/db/client";
import { authTokens } from "../../platform/db/schema";
import { hashToken } from "./token-hash";

export type TokenPurpose = (typeof authTokens.$inferInsert)["purpose"];

/** 256 random bits, base64url: not guessable, not enumerable. */
export const newToken = () => randomBytes(32).toString("base64url");

/** Stores the hash of `token` for `purpose`, valid `ttlMs` from `at`. */
export async function storeToken(
  db: Pick<Db, "insert">,
  input: { token: string; purpose: TokenPurpose; adminId?: number | null; clientIp?: string; at: Date; ttlMs: number },
): Promise<void> {
  await db.insert(authTokens).values({
    tokenHash: hashToken(input.token),
    purpose: input.purpose,
    adminId: input.adminId ?? null,
    clientIp: input.clientIp ?? null,
    expiresAt: new Date(input.at.getTime() + input.ttlMs),
  });
}

/**
 * Uses a token once: one conditional UPDATE, so two parallel uses cannot both succeed. Null when
 * unknown, already used, expired or meant for something else.
 */
export async function consumeToken(db: Db, purpose: TokenPurpose, token: string, at: Date): Promise<{ adminId: number | null } | null> {
  if (!token || token.length > 200) return null;
  const rows = await db
    .update(authTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, at),
      ),
    )
    .returning({ adminId: authTokens.adminId });
  if (Math.random() < 0.02) await db.delete(authTokens).where(lt(authTokens.expiresAt, new Date(at.getTime() - DAY_MS)));
  return rows[0] ?? null;
}

/** A live token without using it (the login's second step reads it on every attempt). */
export async function peekToken(db: Db, purpose: TokenPurpose, token: string, at: Date): Promise<{ adminId: number | null } | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ adminId: authTokens.adminId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, at),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Drops every unused token of an admin for a purpose (a new reset link voids the older ones). */
export const dropTokens = (db: Pick<Db, "delete">, adminId: number, purpose: TokenPurpose) =>
  db.delete(authTokens).where(and(eq(authTokens.adminId, adminId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
