import { eq } from "drizzle-orm";
import type { AdminOrderDetail } from "../../../contract/admin-order-detail";
import type { Db } from "../../platform/db/client";
import { licences, orders, products, productVersions } from "../../platform/db/schema";
import { ConflictError, NotFoundError, ThrottledError } from "../../platform/errors";
import type { RateLimiter } from "../../platform/rate-limit";
import type { ServiceDeps } from "../../platform/service-deps";
import { type Audit, type OrderEventKind, recordOrderEvent } from "../audit";
import { decryptLicenceKey, extendLicence, type LicenceState, releaseMachine, restoreLicence, revokeLicence } from "../licences";
import type { Actor } from "../../platform/actor";
import { enqueueMail } from "../mail";
import { readOrderDetail } from "./order-detail";
import { orderAccessToken } from "./order-token";
import { receiptMail } from "./receipt-mail";
import { createStoreSecrets } from "./secrets";

/** Receipts an admin may send again per order and hour: enough for a lost mail, not a mail bomb. */
export const RECEIPT_RESENDS_PER_HOUR = 3;

/**
 * The admin's order page: one order read whole, and what the admin does to it. Every action writes
 * its audit row in the transaction of the change, so a change is never without its record.
 */
export function createOrderDesk(deps: ServiceDeps & { audit: Audit; rateLimiter: RateLimiter }) {
  const { db, config, now, audit } = deps;
  const secrets = createStoreSecrets(deps);

  const changeLicence = (
    actor: Actor,
    action: string,
    event: { kind: OrderEventKind; detail?: string },
    licenceId: number,
    change: (tx: Db) => Promise<LicenceState>,
    detail: Record<string, unknown> = {},
  ) =>
    db.transaction(async (tx) => {
      const licence = await change(tx);
      await audit.record(
        { ...actor, action, entity: "licence", entityId: licenceId, detail: { order_id: licence.orderId, ...detail } },
        tx,
      );
      await recordOrderEvent(tx, { orderId: licence.orderId, ...event, actor: "admin", adminId: actor.adminId, at: now() });
      return licence;
    });

  return {
    get: (orderId: number): Promise<AdminOrderDetail> => readOrderDetail(db, secrets.licenceSecret, orderId, now()),

    /** Queues the receipt mail again, with the key; at most RECEIPT_RESENDS_PER_HOUR an hour per order. */
    async resendReceipt(orderId: number, actor: Actor): Promise<void> {
      const secret = await secrets.licenceSecret();
      const [o] = await db
        .select({
          customerEmail: orders.customerEmail,
          customerName: orders.customerName,
          amountPaidMinor: orders.amountPaidMinor,
          paymentId: orders.paymentId,
          productName: products.name,
          version: productVersions.version,
          keyEncrypted: licences.keyEncrypted,
          machineLimit: licences.machineLimit,
          expiresAt: licences.expiresAt,
          revokedAt: licences.revokedAt,
        })
        .from(orders)
        .innerJoin(productVersions, eq(productVersions.id, orders.productVersionId))
        .innerJoin(products, eq(products.id, productVersions.productId))
        .leftJoin(licences, eq(licences.orderId, orders.id))
        .where(eq(orders.id, orderId));
      if (!o) throw new NotFoundError("There is no such order.");
      if (!o.keyEncrypted || !o.expiresAt) throw new ConflictError("This order has no licence yet: there is no receipt to send.");
      if (o.revokedAt) throw new ConflictError("This order's licence is revoked: restore it before sending the receipt again.");
      const hit = await deps.rateLimiter.hit(`receipt-resend:${orderId}`, RECEIPT_RESENDS_PER_HOUR, 3600);
      if (!hit.allowed)
        throw new ThrottledError(
          `This receipt was sent ${RECEIPT_RESENDS_PER_HOUR} times this hour; try again later.`,
          hit.retryAfterSeconds,
        );
      const mail = receiptMail(
        config,
        {
          orderId,
          email: o.customerEmail,
          name: o.customerName,
          productName: o.productName,
          version: o.version,
          totalMinor: o.amountPaidMinor,
          paymentId: o.paymentId ?? "none (nothing to pay)",
          machineLimit: o.machineLimit ?? 0,
          expiresAt: o.expiresAt.toISOString(),
        },
        { key: decryptLicenceKey(secret, o.keyEncrypted), orderToken: orderAccessToken(secret, orderId) },
      );
      await db.transaction(async (tx) => {
        const queued = await enqueueMail(tx, config, mail);
        await audit.record({ ...actor, action: "order.receipt_resend", entity: "order", entityId: orderId }, tx);
        await recordOrderEvent(tx, {
          orderId,
          kind: "receipt_resent",
          actor: "admin",
          adminId: actor.adminId,
          mailId: queued.id,
          at: now(),
        });
      });
    },

    /** Frees a seat of the licence. 404 for an unknown licence or a machine not on it. */
    async releaseMachine(licenceId: number, machineId: number, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await releaseMachine(tx, licenceId, machineId, { actor: "admin", adminId: actor.adminId, at: now() })))
          throw new NotFoundError("There is no such machine on this licence.");
        await audit.record(
          { ...actor, action: "licence.machine_release", entity: "licence", entityId: licenceId, detail: { machine_id: machineId } },
          tx,
        );
      });
    },

    revoke: (licenceId: number, reason: string, actor: Actor) =>
      changeLicence(actor, "licence.revoke", { kind: "revoked", detail: reason }, licenceId, (tx) => revokeLicence(tx, licenceId, now()), {
        reason,
      }),

    restore: (licenceId: number, actor: Actor) =>
      changeLicence(actor, "licence.restore", { kind: "restored" }, licenceId, (tx) => restoreLicence(tx, licenceId)),

    extend: (licenceId: number, months: number, actor: Actor) =>
      changeLicence(
        actor,
        "licence.extend",
        { kind: "extended", detail: `${months} month${months === 1 ? "" : "s"}` },
        licenceId,
        (tx) => extendLicence(tx, licenceId, months, now()),
        { months },
      ),

    /** The state the API reports after a change. */
    stateOf: (l: LicenceState) => ({
      id: l.id,
      state: l.revokedAt ? ("revoked" as const) : Date.parse(l.expiresAt) <= now().getTime() ? ("expired" as const) : ("valid" as const),
      expires_at: l.expiresAt,
      revoked_at: l.revokedAt,
    }),
  };
}

export type OrderDesk = ReturnType<typeof createOrderDesk>;
