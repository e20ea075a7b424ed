import { and, eq, isNull, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { adminRecoveryCodes } from "../../platform/db/schema";
import type { Db } from "../../platform/db/client";
import { hashToken } from "./token-hash";

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"; // no 0/o, 1/l/i: read off paper

/** 16 characters from a 31-letter alphabet (about 79 bits), shown as xxxx-xxxx-xxxx-xxxx. */
function newCode(): string {
  let out = "";
  while (out.length < 16) {
    for (const byte of randomBytes(32)) {
      // Rejection sampling: 248 = 8 * 31, so no letter is likelier than another.
      if (byte < 248 && out.length < 16) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return out.match(/.{4}/g)!.join("-");
}

/** Typed codes may have other case, spaces or no dashes. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");

export function createRecoveryCodes({ db, now }: { db: Db; now: () => Date }) {
  return {
    /** Replaces every code of the admin with 10 new ones, returned once and stored hashed. */
    async regenerate(adminId: number, tx: Db = db): Promise<string[]> {
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
      await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
      await tx.insert(adminRecoveryCodes).values(codes.map((code) => ({ adminId, codeHash: hashToken(normaliseRecoveryCode(code)) })));
      return codes;
    },

    /** Uses one code once: a single conditional UPDATE, so two parallel uses cannot both pass. */
    async use(adminId: number, code: string): Promise<boolean> {
      const normalised = normaliseRecoveryCode(code);
      if (normalised.length !== 16) return false;
      const rows = await db
        .update(adminRecoveryCodes)
        .set({ usedAt: now() })
        .where(
          and(
            eq(adminRecoveryCodes.adminId, adminId),
            eq(adminRecoveryCodes.codeHash, hashToken(normalised)),
            isNull(adminRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: adminRecoveryCodes.id });
      return rows.length === 1;
    },

    async remaining(adminId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(adminRecoveryCodes)
        .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
      return row?.n ?? 0;
    },

    removeAll: (adminId: number, tx: Db = db) => tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId)),
  };
}

export type RecoveryCodes = ReturnType<typeof createRecoveryCodes>;
