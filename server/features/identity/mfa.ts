import QRCode from "qrcode";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import type { Audit } from "../audit";
import type { ClientMeta, SessionAdmin } from "./auth";
import { ConflictError, InvalidInputError } from "../../platform/errors";
import { mfaMethods } from "./factors";
import type { ConfirmIdentity, FactorProof } from "./reauth";
import type { RecoveryCodes } from "./recovery-codes";
import { enqueueSecurityNotice } from "./security-notice";
import type { Totp } from "./totp";

/** Enrolling and removing the TOTP factor and the recovery codes of the signed-in admin. */
export function createMfa({
  db,
  config,
  audit,
  totp,
  recoveryCodes,
  confirmIdentity,
}: {
  db: Db;
  config: Pick<Config, "MAIL_FROM" | "ADMIN_SECRETS_KEY" | "ADMIN_SECRETS_KEY_OLD" | "publicOrigin">;
  audit: Audit;
  totp: Totp;
  recoveryCodes: RecoveryCodes;
  confirmIdentity: ConfirmIdentity;
}) {
  return {
    /** A new pending seed with its otpauth:// URL and the QR code as an SVG data URL (drawn here, no third party). */
    async setupTotp(admin: SessionAdmin) {
      const pending = await totp.setup(admin.id, admin.email);
      if (!pending) throw new ConflictError("An authenticator app is already set up. Remove it first to set up another.");
      const svg = await QRCode.toString(pending.otpauthUrl, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
      return {
        otpauth_url: pending.otpauthUrl,
        secret: pending.secret,
        qr_svg: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
      };
    },

    /** Confirms the app with one code; answers 10 new recovery codes, shown this once. */
    async enableTotp(admin: SessionAdmin, code: string, meta: ClientMeta): Promise<string[]> {
      if (!(await totp.enable(admin.id, code)))
        throw new InvalidInputError("That code is not valid. Try again.", { code: "That code is not valid." });
      const codes = await recoveryCodes.regenerate(admin.id);
      await audit.record({ adminId: admin.id, action: "mfa.totp_enabled", entity: "admin", entityId: admin.id, clientIp: meta.clientIp });
      return codes;
    },

    /**
     * Needs the current password, a current code or an unused recovery code; the admin is told by mail.
     * The removal, its audit row and the notice commit together: never a removal without its notice.
     */
    async removeTotp(admin: SessionAdmin, proof: FactorProof, meta: ClientMeta): Promise<void> {
      await confirmIdentity(admin, proof, "mfa.totp_removed", meta);
      await db.transaction(async (tx) => {
        if (!(await totp.remove(admin.id, tx))) return;
        // Recovery codes stand in for a factor; with none left they go too.
        if ((await mfaMethods(tx, admin.id)).length === 0) await recoveryCodes.removeAll(admin.id, tx);
        await audit.record(
          { adminId: admin.id, action: "mfa.totp_removed", entity: "admin", entityId: admin.id, clientIp: meta.clientIp },
          tx,
        );
        await enqueueSecurityNotice(tx, config, {
          kind: "admin-factor-removed",
          to: admin.email,
          subject: "A second factor was removed from your admin account",
          what: "The authenticator app was removed",
          clientIp: meta.clientIp,
        });
      });
    },

    /** Needs the current password, a current code or an unused recovery code; the admin is told by mail, in the same transaction. */
    async regenerateRecoveryCodes(admin: SessionAdmin, proof: FactorProof, meta: ClientMeta): Promise<string[]> {
      const methods = await mfaMethods(db, admin.id);
      if (!methods.includes("totp") && !methods.includes("passkey"))
        throw new ConflictError("Set up an authenticator app or a passkey first.");
      await confirmIdentity(admin, proof, "mfa.recovery_codes_regenerated", meta);
      return db.transaction(async (tx) => {
        const codes = await recoveryCodes.regenerate(admin.id, tx);
        await audit.record(
          { adminId: admin.id, action: "mfa.recovery_codes_regenerated", entity: "admin", entityId: admin.id, clientIp: meta.clientIp },
          tx,
        );
        await enqueueSecurityNotice(tx, config, {
          kind: "admin-recovery-codes-replaced",
          to: admin.email,
          subject: "The recovery codes of your admin account were replaced",
          what: "New recovery codes were made (the old ones no longer work)",
          clientIp: meta.clientIp,
        });
        return codes;
      });
    },
  };
}

export type Mfa = ReturnType<typeof createMfa>;
