import { eq } from "drizzle-orm";
import { admins } from "../../platform/db/schema";
import { ConflictError } from "../../platform/errors";
import type { SecretReissuer } from "../mail";
import { INVITE_MS } from "./admin-directory";
import { dropTokens, newToken, storeToken, type TokenPurpose } from "./one-time-tokens";
import { RESET_MS } from "./password-reset";

const GONE = "This link cannot be sent again: the admin it was for can no longer use it. Ask for a new one.";

/**
 * Resend of an identity mail never replays its old link (it was dropped once sent, and an admin
 * must not be able to revive it): it issues a new one-time token, voiding the older ones of that
 * admin and purpose, as asking for a new link would. Refused when the admin may no longer use
 * such a link (disabled; an invitation already accepted; a reset for an admin without a password).
 */
export function createIdentityMailReissuers({ now }: { now: () => Date }): Record<string, SecretReissuer> {
  const reissue =
    (purpose: TokenPurpose, ttlMs: number, wantsPassword: boolean): SecretReissuer =>
    async (tx, ref) => {
      const adminId = Number(ref.adminId);
      const [admin] = Number.isSafeInteger(adminId)
        ? await tx
            .select({ id: admins.id, passwordHash: admins.passwordHash, disabledAt: admins.disabledAt })
            .from(admins)
            .where(eq(admins.id, adminId))
            .for("update")
        : [];
      if (!admin || admin.disabledAt || Boolean(admin.passwordHash) !== wantsPassword) throw new ConflictError(GONE);
      const token = newToken();
      await dropTokens(tx, admin.id, purpose);
      await storeToken(tx, { token, purpose, adminId: admin.id, at: now(), ttlMs });
      return { token };
    };
  return {
    "admin-password-reset": reissue("reset", RESET_MS, true),
    "admin-invitation": reissue("invite", INVITE_MS, false),
  };
}
