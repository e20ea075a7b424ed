import { and, eq, isNotNull, isNull, or, lt, sql } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import type { Db } from "../../platform/db/client";
import { adminTotp } from "../../platform/db/schema";
import type { ServiceDeps } from "../../platform/service-deps";
import type { SecretBox } from "../../platform/secrets/secret-box";

// RFC 6238 with the defaults every authenticator app reads: SHA-1, 6 digits, 30 s. One step of
// drift either way, for phones whose clock is a little off.
const PERIOD = 30;
export const TOTP_ISSUER = "Admin";

/** TOTP seeds of admins, sealed at rest; a code is accepted once (the last used step is kept). */
export function createTotp({ db, now, box }: Pick<ServiceDeps, "db" | "now"> & { box: SecretBox }) {
  async function secretOf(adminId: number, enabled: boolean): Promise<string | null> {
    const [row] = await db
      .select()
      .from(adminTotp)
      .where(and(eq(adminTotp.adminId, adminId), enabled ? isNotNull(adminTotp.enabledAt) : isNull(adminTotp.enabledAt)))
      .limit(1);
    if (!row) return null;
    const { plaintext, stale } = box.open(row.secretEnc);
    // A key rotation re-seals each seed with the current key the next time it is used (decision 018).
    if (stale)
      await db
        .update(adminTotp)
        .set({ secretEnc: box.seal(plaintext) })
        .where(eq(adminTotp.adminId, adminId));
    return plaintext;
  }

  /** The time step a code belongs to, or null when it matches none within the drift. */
  async function matchingStep(secret: string, code: string): Promise<number | null> {
    if (!/^\d{6}$/.test(code)) return null;
    const epoch = Math.floor(now().getTime() / 1000);
    const result = await verify({ secret, token: code, epoch, epochTolerance: PERIOD });
    return result.valid ? Math.floor(epoch / PERIOD) + result.delta : null;
  }

  /** Records `step` as used unless it (or a later one) already was: one conditional UPDATE, so a replay loses. */
  async function claimStep(adminId: number, step: number): Promise<boolean> {
    const rows = await db
      .update(adminTotp)
      .set({ lastStep: step })
      .where(and(eq(adminTotp.adminId, adminId), or(isNull(adminTotp.lastStep), lt(adminTotp.lastStep, step))))
      .returning({ adminId: adminTotp.adminId });
    return rows.length === 1;
  }

  return {
    async isEnabled(adminId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: adminTotp.adminId })
        .from(adminTotp)
        .where(and(eq(adminTotp.adminId, adminId), isNotNull(adminTotp.enabledAt)));
      return Boolean(row);
    },

    /** A new seed, pending until confirmed by enable(); replaces an earlier pending one. Refused once enabled. */
    async setup(adminId: number, email: string): Promise<{ secret: string; otpauthUrl: string } | null> {
      const secret = generateSecret();
      const rows = await db
        .insert(adminTotp)
        .values({ adminId, secretEnc: box.seal(secret) })
        .onConflictDoUpdate({
          target: adminTotp.adminId,
          set: { secretEnc: box.seal(secret), lastStep: null, createdAt: now() },
          setWhere: sql`${adminTotp.enabledAt} is null`,
        })
        .returning({ adminId: adminTotp.adminId });
      if (rows.length === 0) return null;
      return { secret, otpauthUrl: generateURI({ issuer: TOTP_ISSUER, label: email, secret }) };
    },

    /** Confirms the pending seed with a code from the app; false when the code does not match. */
    async enable(adminId: number, code: string): Promise<boolean> {
      const secret = await secretOf(adminId, false);
      const step = secret ? await matchingStep(secret, code) : null;
      if (step === null) return false;
      const rows = await db
        .update(adminTotp)
        .set({ enabledAt: now(), lastStep: step })
        .where(and(eq(adminTotp.adminId, adminId), isNull(adminTotp.enabledAt)))
        .returning({ adminId: adminTotp.adminId });
      return rows.length === 1;
    },

    /** True once per valid code: a replay of an accepted code within its window is refused. */
    async check(adminId: number, code: string): Promise<boolean> {
      const secret = await secretOf(adminId, true);
      const step = secret ? await matchingStep(secret, code) : null;
      return step !== null && claimStep(adminId, step);
    },

    /** In the caller's transaction when given one (the removal and its notice commit together). */
    async remove(adminId: number, tx: Db = db): Promise<boolean> {
      const rows = await tx.delete(adminTotp).where(eq(adminTotp.adminId, adminId)).returning({ adminId: adminTotp.adminId });
      return rows.length > 0;
    },
  };
}

export type Totp = ReturnType<typeof createTotp>;
