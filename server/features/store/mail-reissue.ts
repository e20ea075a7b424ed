import { eq, type SQL } from "drizzle-orm";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { licences, settings } from "../../platform/db/schema";
import { ConflictError } from "../../platform/errors";
import { decryptLicenceKey } from "../licences";
import type { SecretReissuer } from "../mail";
import { orderAccessToken } from "./order-token";
import { receiptSecrets } from "./receipt-mail";

const NO_KEY = "This mail cannot be sent again: its licence no longer exists.";
const REVOKED = "This mail cannot be sent again: its licence is revoked. Restore it first.";

/**
 * Resend (the admin Outbox) of a mail that carries a licence key: the key was dropped from the row
 * once sent, so it is read again from the licence (stored encrypted), as it is now. A revoked
 * licence's key is not mailed again. Runs in the Resend transaction, so the licence secret is read
 * through that transaction too (on PGlite, one connection, a read beside it would wait for it).
 */
export function createStoreMailReissuers({ config }: { config: Pick<Config, "LICENCE_SECRET"> }): Record<string, SecretReissuer> {
  async function licenceSecret(tx: Db): Promise<string> {
    if (config.LICENCE_SECRET) return config.LICENCE_SECRET;
    const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, "licence_secret"));
    // No stored secret means no licence was ever issued on this database.
    if (!row) throw new ConflictError(NO_KEY);
    return row.value;
  }
  async function licenceBy(tx: Db, where: SQL) {
    const [licence] = await tx
      .select({ orderId: licences.orderId, keyEncrypted: licences.keyEncrypted, revokedAt: licences.revokedAt })
      .from(licences)
      .where(where)
      .for("update");
    if (!licence) throw new ConflictError(NO_KEY);
    if (licence.revokedAt) throw new ConflictError(REVOKED);
    return licence;
  }
  const id = (value: string | number | undefined) => {
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n <= 0) throw new ConflictError(NO_KEY);
    return n;
  };
  return {
    receipt: async (tx, ref) => {
      const orderId = id(ref.orderId);
      const secret = await licenceSecret(tx);
      const licence = await licenceBy(tx, eq(licences.orderId, orderId));
      return receiptSecrets({ key: decryptLicenceKey(secret, licence.keyEncrypted), orderToken: orderAccessToken(secret, orderId) });
    },
    "licence-key-replaced": async (tx, ref) => {
      const secret = await licenceSecret(tx);
      const licence = await licenceBy(tx, eq(licences.id, id(ref.licenceId)));
      return { key: decryptLicenceKey(secret, licence.keyEncrypted) };
    },
  };
}
