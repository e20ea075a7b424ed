import { and, eq, sql } from "drizzle-orm";
import type { Account } from "../../../contract/account";
import type { DownloadLink } from "../../../contract/artifacts";
import type { Db } from "../../platform/db/client";
import { FingerprintSchema } from "../../../contract/store";
import { licenceMachines, licences, orders, products, productVersions } from "../../platform/db/schema";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError, ThrottledError } from "../../platform/errors";
import type { RateLimiter } from "../../platform/rate-limit";
import type { ServiceDeps } from "../../platform/service-deps";
import { recordOrderEvent } from "../audit";
import { decryptLicenceKey, type Licences, releaseMachine, rotateLicenceKey } from "../licences";
import { enqueueMail } from "../mail";
import type { Build, Downloads } from "../releases";
import { orderAccessToken, receiptMail, type StoreSecrets } from "../store";
import { readAccountOrders } from "./account-read";
import type { SessionCustomer } from "./customer-sessions";
import { newKeyMail } from "./new-key-mail";

export const RECEIPTS_PER_HOUR = 3;
const NO_LICENCE = "You have no such licence.";
const REPLACED_MEANWHILE = "This key was replaced a moment ago, or the licence revoked. Reload your account to see the current key.";

type OwnedLicence = { id: number; orderId: number; keyHash: string; keyEncrypted: string; revoked: boolean };

/** The signed-in customer's account: only their own orders, licences and machines. */
export function createCustomerAccount(
  deps: ServiceDeps & {
    rateLimiter: RateLimiter;
    secrets: StoreSecrets;
    downloads: Pick<Downloads, "buildsForLicences" | "issueForLicence">;
    licenceFiles: Pick<Licences, "checkout">;
  },
) {
  const { db, config, now, rateLimiter, secrets, downloads, licenceFiles } = deps;

  async function ownedLicence(exec: Db, customerId: number, licenceId: number): Promise<OwnedLicence> {
    const [row] = await exec
      .select({
        id: licences.id,
        orderId: licences.orderId,
        keyHash: licences.keyHash,
        keyEncrypted: licences.keyEncrypted,
        revoked: sql<boolean>`${licences.revokedAt} is not null`,
      })
      .from(licences)
      .innerJoin(orders, eq(orders.id, licences.orderId))
      .where(and(eq(licences.id, licenceId), eq(orders.customerId, customerId)));
    if (!row) throw new NotFoundError(NO_LICENCE);
    return row;
  }

  return {
    async read(customer: SessionCustomer): Promise<Account> {
      const orderRows = await readAccountOrders(db, await secrets.licenceSecret(), customer.id, now());
      return { status: "success", email: customer.email, name: customer.name, orders: orderRows };
    },

    /** Per licence of the account, the published builds it may download (the releases area's rules). */
    async builds(account: Account): Promise<Record<number, Build[]>> {
      const held = account.orders.flatMap((o) =>
        o.licence
          ? [
              {
                id: o.licence.id,
                product_id: o.product_id,
                revoked: o.licence.status === "revoked",
                expires_ms: Date.parse(o.licence.expires_at),
              },
            ]
          : [],
      );
      return Object.fromEntries(await downloads.buildsForLicences(held));
    },

    /** A signed /dl link for a build, under one of the customer's own licences; a revoked one gets nothing. */
    async downloadLink(customerId: number, licenceId: number, artifactId: number, clientIp: string): Promise<DownloadLink> {
      const licence = await ownedLicence(db, customerId, licenceId);
      if (licence.revoked) throw new ForbiddenError("This licence has been revoked.");
      return downloads.issueForLicence(licenceId, artifactId, clientIp);
    },

    /** The whole key, asked for on purpose. */
    async reveal(customerId: number, licenceId: number): Promise<string> {
      const secret = await secrets.licenceSecret();
      const licence = await ownedLicence(db, customerId, licenceId);
      if (licence.revoked) throw new ConflictError("This licence has been revoked.");
      return decryptLicenceKey(secret, licence.keyEncrypted);
    },

    /** Frees one seat of the customer's licence. */
    async releaseMachine(customerId: number, licenceId: number, machineId: number): Promise<void> {
      await ownedLicence(db, customerId, licenceId);
      await db.transaction(async (tx) => {
        if (!(await releaseMachine(tx, licenceId, machineId, { actor: "customer", at: now() })))
          throw new NotFoundError("That machine holds no seat of this licence.");
      });
    },

    /**
     * An offline licence file for a machine of the customer's licence: one holding a seat (by its
     * id), or one that cannot reach us (by its fingerprint), which takes a seat as the tool's own
     * checkout would. The same limits and signature as POST /api/licenses/checkout.
     */
    async licenceFile(
      customerId: number,
      licenceId: number,
      machine: { id: number } | { fingerprint: string },
      clientIp: string,
    ): Promise<{ file: string; fingerprint: string }> {
      const secret = await secrets.licenceSecret();
      const licence = await ownedLicence(db, customerId, licenceId);
      if (licence.revoked) throw new ForbiddenError("This licence has been revoked.");
      let fingerprint: string;
      if ("id" in machine) {
        const [seat] = await db
          .select({ fingerprint: licenceMachines.fingerprint })
          .from(licenceMachines)
          .where(and(eq(licenceMachines.id, machine.id), eq(licenceMachines.licenceId, licenceId)));
        if (!seat) throw new NotFoundError("That machine holds no seat of this licence.");
        fingerprint = seat.fingerprint;
      } else {
        const parsed = FingerprintSchema.safeParse(machine.fingerprint);
        if (!parsed.success) throw new InvalidInputError("Check the fingerprint.", { fingerprint: parsed.error.issues[0].message });
        fingerprint = parsed.data;
      }
      const key = decryptLicenceKey(secret, licence.keyEncrypted);
      const { file } = await licenceFiles.checkout({ key, fingerprint }, clientIp);
      return { file, fingerprint };
    },

    /**
     * A new key for a leaked one: the old stops validating at once, machines released, the new key
     * mailed. The key to replace and the request's time are taken before the transaction, so a
     * rotation that arrives while another is under way replaces nothing and answers 409 (rotate.ts).
     */
    async rotate(customer: SessionCustomer, licenceId: number): Promise<string> {
      const requested = now();
      const secret = await secrets.licenceSecret();
      const licence = await ownedLicence(db, customer.id, licenceId);
      if (licence.revoked) throw new ConflictError("This licence has been revoked.");
      return db.transaction(async (tx) => {
        const key = await rotateLicenceKey(tx, secret, { id: licenceId, replacing: licence.keyHash, requested, at: now() });
        if (!key) throw new ConflictError(REPLACED_MEANWHILE);
        const mail = await enqueueMail(
          tx,
          config,
          newKeyMail(config, { to: customer.email, name: customer.name, key, licenceId, orderId: licence.orderId }),
        );
        await recordOrderEvent(tx, { licenceId, kind: "key_rotated", actor: "customer", mailId: mail.id, at: now() });
        return key;
      });
    },

    /** The receipt again, its key as a mail secret; at most RECEIPTS_PER_HOUR an hour per order. */
    async resendReceipt(customerId: number, orderId: number): Promise<void> {
      const secret = await secrets.licenceSecret();
      const [row] = await db
        .select({
          email: orders.customerEmail,
          name: orders.customerName,
          productName: products.name,
          version: productVersions.version,
          amountPaidMinor: orders.amountPaidMinor,
          paymentId: orders.paymentId,
          keyEncrypted: licences.keyEncrypted,
          machineLimit: licences.machineLimit,
          expiresAt: licences.expiresAt,
        })
        .from(orders)
        .innerJoin(licences, eq(licences.orderId, orders.id))
        .innerJoin(productVersions, eq(productVersions.id, orders.productVersionId))
        .innerJoin(products, eq(products.id, productVersions.productId))
        .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
      if (!row) throw new NotFoundError("You have no such order.");
      const hit = await rateLimiter.hit(`account-receipt:${orderId}`, RECEIPTS_PER_HOUR, 3600);
      if (!hit.allowed) throw new ThrottledError("This receipt was sent 3 times this hour. Please try again later.", hit.retryAfterSeconds);
      const mail = receiptMail(
        config,
        {
          orderId,
          email: row.email,
          name: row.name,
          productName: row.productName,
          version: row.version,
          totalMinor: row.amountPaidMinor,
          paymentId: row.paymentId ?? "none (nothing to pay)",
          machineLimit: row.machineLimit,
          expiresAt: row.expiresAt.toISOString(),
        },
        { key: decryptLicenceKey(secret, row.keyEncrypted), orderToken: orderAccessToken(secret, orderId) },
      );
      await db.transaction(async (tx) => {
        const queued = await enqueueMail(tx, config, mail);
        await recordOrderEvent(tx, { orderId, kind: "receipt_resent", actor: "customer", mailId: queued.id, at: now() });
      });
    },
  };
}

export type CustomerAccount = ReturnType<typeof createCustomerAccount>;
