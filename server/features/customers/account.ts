import { sql } from "drizzle-orm";
import type { Account } from "../../../contract/account";
import type { DownloadLink } from "../../../contract/artifacts";
import type { Db } from "../../platform/db/client";
import { queryRows } from "../../platform/db/query-rows";
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

type OwnedLicence = { id: string; order_id: string; key_hash: string; key_encrypted: string; revoked: boolean };

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

  async function ownedLicence(exec: Pick<Db, "execute">, customerId: number, licenceId: number, lock = false): Promise<OwnedLicence> {
    const rows = await queryRows<OwnedLicence>(
      exec,
      sql`select ${licences.id}, ${licences.orderId}, ${licences.keyHash}, ${licences.keyEncrypted}, ${licences.revokedAt} is not null as revoked
        from ${licences} join ${orders} on ${orders.id} = ${licences.orderId}
        where ${licences.id} = ${licenceId} and ${orders.customerId} = ${customerId}${lock ? sql` for update of ${licences}` : sql``}`,
    );
    if (!rows[0]) throw new NotFoundError(NO_LICENCE);
    return rows[0];
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
      return decryptLicenceKey(secret, licence.key_encrypted);
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
        const [seat] = await queryRows<{ fingerprint: string }>(
          db,
          sql`select ${licenceMachines.fingerprint} from ${licenceMachines}
            where ${licenceMachines.id} = ${machine.id} and ${licenceMachines.licenceId} = ${licenceId}`,
        );
        if (!seat) throw new NotFoundError("That machine holds no seat of this licence.");
        fingerprint = seat.fingerprint;
      } else {
        const parsed = FingerprintSchema.safeParse(machine.fingerprint);
        if (!parsed.success) throw new InvalidInputError("Check the fingerprint.", { fingerprint: parsed.error.issues[0].message });
        fingerprint = parsed.data;
      }
      const key = decryptLicenceKey(secret, licence.key_encrypted);
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
        const key = await rotateLicenceKey(tx, secret, { id: licenceId, replacing: licence.key_hash, requested, at: now() });
        if (!key) throw new ConflictError(REPLACED_MEANWHILE);
        const mail = await enqueueMail(
          tx,
          config,
          newKeyMail(config, { to: customer.email, name: customer.name, key, licenceId, orderId: Number(licence.order_id) }),
        );
        await recordOrderEvent(tx, { licenceId, kind: "key_rotated", actor: "customer", mailId: mail.id, at: now() });
        return key;
      });
    },

    /** The receipt again, its key as a mail secret; at most RECEIPTS_PER_HOUR an hour per order. */
    async resendReceipt(customerId: number, orderId: number): Promise<void> {
      const secret = await secrets.licenceSecret();
      const [row] = await queryRows<{
        email: string;
        name: string;
        product_name: string;
        version: string;
        amount_paid_minor: string;
        payment_id: string | null;
        key_encrypted: string;
        machine_limit: number;
        expires_at: string;
      }>(
        db,
        sql`select ${orders.customerEmail} as email, ${orders.customerName} as name, ${products.name} as product_name, ${productVersions.version},
            ${orders.amountPaidMinor}, ${orders.paymentId}, ${licences.keyEncrypted}, ${licences.machineLimit}, ${licences.expiresAt}
          from ${orders} join ${licences} on ${licences.orderId} = ${orders.id}
            join ${productVersions} on ${productVersions.id} = ${orders.productVersionId} join ${products} on ${products.id} = ${productVersions.productId}
          where ${orders.id} = ${orderId} and ${orders.customerId} = ${customerId}`,
      );
      if (!row) throw new NotFoundError("You have no such order.");
      const hit = await rateLimiter.hit(`account-receipt:${orderId}`, RECEIPTS_PER_HOUR, 3600);
      if (!hit.allowed) throw new ThrottledError("This receipt was sent 3 times this hour. Please try again later.", hit.retryAfterSeconds);
      const mail = receiptMail(
        config,
        {
          orderId,
          email: row.email,
          name: row.name,
          productName: row.product_name,
          version: row.version,
          totalMinor: Number(row.amount_paid_minor),
          paymentId: row.payment_id ?? "none (nothing to pay)",
          machineLimit: Number(row.machine_limit),
          expiresAt: new Date(row.expires_at).toISOString(),
        },
        { key: decryptLicenceKey(secret, row.key_encrypted), orderToken: orderAccessToken(secret, orderId) },
      );
      await db.transaction(async (tx) => {
        const queued = await enqueueMail(tx, config, mail);
        await recordOrderEvent(tx, { orderId, kind: "receipt_resent", actor: "customer", mailId: queued.id, at: now() });
      });
    },
  };
}

export type CustomerAccount = ReturnType<typeof createCustomerAccount>;
