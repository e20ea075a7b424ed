import QRCode from "qrcode";
import type { Db } from "../../db/client";
import type { Audit } from "../audit";
import type { ClientMeta, SessionAdmin } from "../auth";
import { ConflictError, InvalidInputError } from "../errors";
import { mfaMethods } from "./factors";
import type { RecoveryCodes } from "./recovery-codes";
import type { Totp } from "./totp";

/** Enrolling and removing the TOTP factor and the recovery codes of the signed-in admin. */
export function createMfa({ db, audit, totp, recoveryCodes }: { db: Db; audit: Audit; totp: Totp; recoveryCodes: RecoveryCodes }) {
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

    async removeTotp(admin: SessionAdmin, meta: ClientMeta): Promise<void> {
      await totp.remove(admin.id);
      // Recovery codes stand in for a factor; with none left they go too.
      if ((await mfaMethods(db, admin.id)).length === 0) await recoveryCodes.removeAll(admin.id);
      await audit.record({ adminId: admin.id, action: "mfa.totp_removed", entity: "admin", entityId: admin.id, clientIp: meta.clientIp });
    },

    async regenerateRecoveryCodes(admin: SessionAdmin, meta: ClientMeta): Promise<string[]> {
      const methods = await mfaMethods(db, admin.id);
      if (!methods.includes("totp") && !methods.includes("passkey"))
        throw new ConflictError("Set up an authenticator app or a passkey first.");
      const codes = await recoveryCodes.regenerate(admin.id);
      await audit.record({
        adminId: admin.id,
        action: "mfa.recovery_codes_regenerated",
        entity: "admin",
        entityId: admin.id,
        clientIp: meta.clientIp,
      });
      return codes;
    },
  };
}

export type Mfa = ReturnType<typeof createMfa>;
