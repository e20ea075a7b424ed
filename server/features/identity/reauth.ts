import { eq } from "drizzle-orm";
import { admins } from "../../platform/db/schema";
import type { Audit } from "../audit";
import type { ClientMeta, SessionAdmin } from "./auth";
import type { ServiceDeps } from "../../platform/service-deps";
import { InvalidInputError, ThrottledError } from "../../platform/errors";
import { verifyPassword } from "./passwords";
import type { RateLimiter } from "../../platform/rate-limit";
import type { RecoveryCodes } from "./recovery-codes";
import type { Totp } from "./totp";

/** The password change's budget (server/features/identity/account.ts), shared: 5 checks per 15 minutes. */
export const reauthLimitKey = (adminId: number) => `password-change:${adminId}`;
const CHECKS_PER_15_MIN = 5;
const ASK = "Enter your current password, a code from your authenticator app or an unused recovery code.";
const WRONG_PASSWORD = "The current password is not right.";
const WRONG_CODE = "That code is not valid.";
const WRONG_RECOVERY_CODE = "That recovery code is not valid or was used already.";

export type FactorProof = { currentPassword?: string; code?: string; recoveryCode?: string };

/**
 * Asks the signed-in admin to prove it is them again before a change that weakens the account
 * (removing a second factor, replacing the recovery codes): a session alone is not enough. An
 * unused recovery code is proof too (an admin who lost the app may need to remove it); it is spent
 * by the check, as a TOTP code's time step is, so it cannot prove twice.
 */
export function createReauth(
  deps: Pick<ServiceDeps, "db"> & { audit: Audit; rateLimiter: RateLimiter; totp: Totp; recoveryCodes: RecoveryCodes },
) {
  const { db, audit, rateLimiter, totp, recoveryCodes } = deps;
  return async function confirmIdentity(admin: SessionAdmin, proof: FactorProof, action: string, meta: ClientMeta): Promise<void> {
    const password = proof.currentPassword ?? "";
    const code = proof.code?.trim() ?? "";
    const recoveryCode = proof.recoveryCode?.trim() ?? "";
    if (!password && !code && !recoveryCode) throw new InvalidInputError(ASK, { current_password: ASK });
    const using = password ? "password" : code ? "code" : "recovery_code";
    const limit = await rateLimiter.hit(reauthLimitKey(admin.id), CHECKS_PER_15_MIN, 900);
    if (!limit.allowed) throw new ThrottledError("Too many password checks. Please wait a few minutes.", limit.retryAfterSeconds);
    let ok: boolean;
    if (using === "password") {
      const [row] = await db.select({ hash: admins.passwordHash }).from(admins).where(eq(admins.id, admin.id));
      ok = Boolean(row) && (await verifyPassword(row.hash, password));
    } else if (using === "code") {
      ok = await totp.check(admin.id, code);
    } else {
      ok = await recoveryCodes.use(admin.id, recoveryCode);
    }
    if (ok) return;
    await audit.record({
      adminId: admin.id,
      action: "reauth.failure",
      entity: "admin",
      entityId: admin.id,
      detail: { for: action, with: using },
      clientIp: meta.clientIp,
    });
    if (using === "password") throw new InvalidInputError(WRONG_PASSWORD, { current_password: WRONG_PASSWORD });
    if (using === "code") throw new InvalidInputError(WRONG_CODE, { code: WRONG_CODE });
    throw new InvalidInputError(WRONG_RECOVERY_CODE, { recovery_code: WRONG_RECOVERY_CODE });
  };
}

export type ConfirmIdentity = ReturnType<typeof createReauth>;
