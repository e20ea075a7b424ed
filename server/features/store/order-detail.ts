import { asc, eq } from "drizzle-orm";
import type { AdminOrderDetail } from "../../../contract/admin-order-detail";
import { formatInrMinor } from "../../../contract/money";
import type { Db } from "../../platform/db/client";
import { iso } from "../../platform/db/query-rows";
import {
  coupons,
  invoices,
  licenceMachines,
  licences,
  mailOutbox,
  orders,
  paymentWebhookEvents,
  products,
  productVersions,
  refunds,
} from "../../platform/db/schema";
import { NotFoundError } from "../../platform/errors";
import { decryptLicenceKey } from "../licences";
import { rupees } from "./context";
import { mailCauses, readOrderEvents, storyOf } from "./order-story";

/** Every part of one order the admin's order page shows; no mail body, secret or whole key. */
export async function readOrderDetail(db: Db, secret: () => Promise<string>, orderId: number, now: Date): Promise<AdminOrderDetail> {
  const [o] = await db
    .select({
      id: orders.id,
      status: orders.status,
      customerId: orders.customerId,
      customerEmail: orders.customerEmail,
      customerName: orders.customerName,
      productId: productVersions.productId,
      productName: products.name,
      version: productVersions.version,
      coupon: coupons.code,
      listAmountMinor: orders.listAmountMinor,
      discountMinor: orders.discountMinor,
      amountPaidMinor: orders.amountPaidMinor,
      provider: orders.provider,
      paymentId: orders.paymentId,
      providerOrderId: orders.providerOrderId,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      refundedAt: orders.refundedAt,
      licenceId: licences.id,
      keyEncrypted: licences.keyEncrypted,
      machineLimit: licences.machineLimit,
      licenceExpiresAt: licences.expiresAt,
      revokedAt: licences.revokedAt,
      licenceCreatedAt: licences.createdAt,
    })
    .from(orders)
    .innerJoin(productVersions, eq(productVersions.id, orders.productVersionId))
    .innerJoin(products, eq(products.id, productVersions.productId))
    .leftJoin(coupons, eq(coupons.id, orders.couponId))
    .leftJoin(licences, eq(licences.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!o) throw new NotFoundError("There is no such order.");
  const licenceId = o.licenceId;
  const [machines, mailRows, refundRows, hooks, documents, events] = await Promise.all([
    licenceId
      ? db
          .select({
            id: licenceMachines.id,
            name: licenceMachines.name,
            activatedAt: licenceMachines.activatedAt,
            lastSeenAt: licenceMachines.lastSeenAt,
          })
          .from(licenceMachines)
          .where(eq(licenceMachines.licenceId, licenceId))
          .orderBy(asc(licenceMachines.activatedAt), asc(licenceMachines.id))
      : [],
    db
      .select({
        id: mailOutbox.id,
        kind: mailOutbox.kind,
        toAddrs: mailOutbox.toAddrs,
        status: mailOutbox.status,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, orderId))
      .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id))
      .limit(100),
    db
      .select({
        id: refunds.id,
        providerRefundId: refunds.providerRefundId,
        amountMinor: refunds.amountMinor,
        status: refunds.status,
        reason: refunds.reason,
        createdAt: refunds.createdAt,
        checkedAt: refunds.checkedAt,
        processedAt: refunds.processedAt,
      })
      .from(refunds)
      .where(eq(refunds.orderId, orderId))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
    db
      .select({ event: paymentWebhookEvents.event, receivedAt: paymentWebhookEvents.receivedAt })
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.orderId, orderId))
      .orderBy(asc(paymentWebhookEvents.receivedAt))
      .limit(100),
    db
      .select({
        number: invoices.number,
        kind: invoices.kind,
        refundId: invoices.refundId,
        totalMinor: invoices.totalMinor,
        issuedAt: invoices.issuedAt,
      })
      .from(invoices)
      .where(eq(invoices.orderId, orderId))
      .orderBy(asc(invoices.issuedAt), asc(invoices.id)),
    readOrderEvents(db, orderId),
  ]);
  const causes = mailCauses(events);
  const mails = mailRows.map((m) => ({
    id: m.id,
    kind: m.kind,
    to: m.toAddrs,
    status: m.status,
    created_at: m.createdAt.toISOString(),
    by: causes.get(m.id) ?? "the store",
  }));
  const documentOf = (d: (typeof documents)[number]) => ({
    number: d.number,
    total: rupees(d.totalMinor),
    issued_at: d.issuedAt.toISOString(),
  });
  const invoiceRow = documents.find((d) => d.kind === "invoice");
  // What a new refund may take: paid, less the refunds processed or in flight (./refunds.ts).
  const held = refundRows.filter((r) => r.status !== "failed").reduce((sum, r) => sum + r.amountMinor, 0);
  const paidStatus = o.status === "placed" || o.status === "active" || o.status === "expired";
  const key = o.keyEncrypted ? decryptLicenceKey(await secret(), o.keyEncrypted) : "";
  const expiresAt = iso(o.licenceExpiresAt);
  const refundList = refundRows.map((r) => ({
    id: r.id,
    provider_refund_id: r.providerRefundId,
    amount: rupees(r.amountMinor),
    status: r.status,
    reason: r.reason,
    created_at: r.createdAt.toISOString(),
    checked_at: iso(r.checkedAt),
  }));
  const provider = "the payment provider";
  const store = "the store";
  const timeline: AdminOrderDetail["timeline"] = [
    { at: o.createdAt.toISOString(), event: "created" as const, detail: "Order created", by: "the customer" },
    ...(o.paidAt
      ? [{ at: o.paidAt.toISOString(), event: "paid" as const, detail: o.paymentId ? `Paid (${o.paymentId})` : "Paid", by: provider }]
      : []),
    ...(o.licenceCreatedAt
      ? [{ at: o.licenceCreatedAt.toISOString(), event: "fulfilled" as const, detail: "Licence issued", by: store }]
      : []),
    ...hooks.map((h) => ({ at: h.receivedAt.toISOString(), event: "webhook" as const, detail: h.event, by: provider })),
    // A processed refund is told when it was processed (after the admin's ask, which has its own entry).
    ...refundList.map((r, i) => ({
      at: iso(refundRows[i].processedAt) ?? r.created_at,
      event: "refund" as const,
      detail: `Refund ${formatInrMinor(Math.round(r.amount * 100))} ${r.status}`,
      by: provider,
    })),
    ...(o.refundedAt ? [{ at: o.refundedAt.toISOString(), event: "refunded" as const, detail: "Order refunded", by: store }] : []),
    ...storyOf(events, mails),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return {
    id: o.id,
    status: o.status,
    customer: { id: o.customerId, email: o.customerEmail, name: o.customerName },
    product: { id: o.productId, name: o.productName, version: o.version },
    coupon: o.coupon,
    amounts: {
      list_price: rupees(o.listAmountMinor),
      discount: rupees(o.discountMinor),
      paid: rupees(o.amountPaidMinor),
      currency: "INR",
    },
    payment: { provider: o.provider, payment_id: o.paymentId, provider_order_id: o.providerOrderId },
    created_at: o.createdAt.toISOString(),
    paid_at: iso(o.paidAt),
    licence:
      licenceId && expiresAt
        ? {
            id: licenceId,
            key_hint: key.split("-").pop() ?? "",
            state: o.revokedAt ? "revoked" : Date.parse(expiresAt) <= now.getTime() ? "expired" : "valid",
            expires_at: expiresAt,
            revoked_at: iso(o.revokedAt),
            machine_limit: o.machineLimit ?? 0,
            machines: machines.map((m) => ({
              id: m.id,
              name: m.name,
              activated_at: m.activatedAt.toISOString(),
              last_seen_at: iso(m.lastSeenAt),
            })),
          }
        : null,
    mails,
    refunds: refundList,
    refundable: paidStatus && o.paymentId ? rupees(Math.max(0, o.amountPaidMinor - held)) : 0,
    invoice: invoiceRow ? documentOf(invoiceRow) : null,
    credit_notes: documents.flatMap((d) =>
      d.kind === "credit_note" && d.refundId != null ? [{ ...documentOf(d), refund_id: d.refundId }] : [],
    ),
    timeline,
  };
}
