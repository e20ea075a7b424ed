import { sql } from "drizzle-orm";
import type { AdminOrderDetail } from "../../../contract/admin-order-detail";
import { formatInrMinor } from "../../../contract/money";
import type { Db } from "../../platform/db/client";
import { iso, queryRows } from "../../platform/db/query-rows";
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

type OrderRow = {
  id: string;
  status: AdminOrderDetail["status"];
  customer_id: number | null;
  customer_email: string;
  customer_name: string;
  product_id: string;
  product_name: string;
  version: string;
  coupon: string | null;
  list_amount_minor: string;
  discount_minor: string;
  amount_paid_minor: string;
  provider: string | null;
  payment_id: string | null;
  provider_order_id: string | null;
  created_at: string;
  paid_at: string | null;
  refunded_at: string | null;
  licence_id: string | null;
  key_encrypted: string | null;
  machine_limit: number | null;
  licence_expires_at: string | null;
  revoked_at: string | null;
  licence_created_at: string | null;
};

const isoOf = (v: unknown) => iso(v as string) as string;

/** Every part of one order the admin's order page shows; no mail body, secret or whole key. */
export async function readOrderDetail(db: Db, secret: () => Promise<string>, orderId: number, now: Date): Promise<AdminOrderDetail> {
  const [o] = await queryRows<OrderRow>(
    db,
    sql`select o.id, o.status, o.customer_id, o.customer_email, o.customer_name, pv.product_id, p.name as product_name, pv.version,
        c.code as coupon, o.list_amount_minor, o.discount_minor, o.amount_paid_minor, o.provider, o.payment_id, o.provider_order_id,
        o.created_at, o.paid_at, o.refunded_at, l.id as licence_id, l.key_encrypted, l.machine_limit, l.expires_at as licence_expires_at,
        l.revoked_at, l.created_at as licence_created_at
      from ${orders} o join ${productVersions} pv on pv.id = o.product_version_id join ${products} p on p.id = pv.product_id
        left join ${coupons} c on c.id = o.coupon_id left join ${licences} l on l.order_id = o.id
      where o.id = ${orderId}`,
  );
  if (!o) throw new NotFoundError("There is no such order.");
  const [machines, mailRows, refundRows, hooks, documents, events] = await Promise.all([
    o.licence_id
      ? queryRows<{ id: string; name: string | null; activated_at: string; last_seen_at: string | null }>(
          db,
          sql`select id, name, activated_at, last_seen_at from ${licenceMachines} where licence_id = ${o.licence_id} order by activated_at, id`,
        )
      : [],
    queryRows<{ id: string; kind: string; to_addrs: string[]; status: "pending" | "sent" | "failed"; created_at: string }>(
      db,
      sql`select id, kind, to_addrs, status, created_at from ${mailOutbox} where order_id = ${orderId} order by created_at, id limit 100`,
    ),
    queryRows<{
      id: string;
      provider_refund_id: string | null;
      amount_minor: string;
      status: "pending" | "processed" | "failed";
      reason: string | null;
      created_at: string;
      checked_at: string | null;
      processed_at: string | null;
    }>(
      db,
      sql`select id, provider_refund_id, amount_minor, status, reason, created_at, checked_at, processed_at from ${refunds}
        where order_id = ${orderId} order by created_at, id`,
    ),
    queryRows<{ event: string; received_at: string }>(
      db,
      sql`select event, received_at from ${paymentWebhookEvents} where order_id = ${orderId} order by received_at limit 100`,
    ),
    queryRows<{ number: string; kind: "invoice" | "credit_note"; refund_id: string | null; total_minor: string; issued_at: string }>(
      db,
      sql`select ${invoices.number}, ${invoices.kind}, ${invoices.refundId}, ${invoices.totalMinor}, ${invoices.issuedAt} from ${invoices}
        where ${invoices.orderId} = ${orderId} order by ${invoices.issuedAt}, ${invoices.id}`,
    ),
    readOrderEvents(db, orderId),
  ]);
  const causes = mailCauses(events);
  const mails = mailRows.map((m) => ({
    id: Number(m.id),
    kind: m.kind,
    to: m.to_addrs,
    status: m.status,
    created_at: isoOf(m.created_at),
    by: causes.get(Number(m.id)) ?? "the store",
  }));
  const documentOf = (d: (typeof documents)[number]) => ({
    number: d.number,
    total: rupees(Number(d.total_minor)),
    issued_at: isoOf(d.issued_at),
  });
  const invoiceRow = documents.find((d) => d.kind === "invoice");
  // What a new refund may take: paid, less the refunds processed or in flight (./refunds.ts).
  const held = refundRows.filter((r) => r.status !== "failed").reduce((sum, r) => sum + Number(r.amount_minor), 0);
  const paidStatus = o.status === "placed" || o.status === "active" || o.status === "expired";
  const key = o.key_encrypted ? decryptLicenceKey(await secret(), o.key_encrypted) : "";
  const expiresAt = o.licence_expires_at ? isoOf(o.licence_expires_at) : null;
  const refundList = refundRows.map((r) => ({
    id: Number(r.id),
    provider_refund_id: r.provider_refund_id,
    amount: rupees(Number(r.amount_minor)),
    status: r.status,
    reason: r.reason,
    created_at: isoOf(r.created_at),
    checked_at: r.checked_at ? isoOf(r.checked_at) : null,
  }));
  const provider = "the payment provider";
  const store = "the store";
  const timeline: AdminOrderDetail["timeline"] = [
    { at: isoOf(o.created_at), event: "created" as const, detail: "Order created", by: "the customer" },
    ...(o.paid_at
      ? [{ at: isoOf(o.paid_at), event: "paid" as const, detail: o.payment_id ? `Paid (${o.payment_id})` : "Paid", by: provider }]
      : []),
    ...(o.licence_created_at
      ? [{ at: isoOf(o.licence_created_at), event: "fulfilled" as const, detail: "Licence issued", by: store }]
      : []),
    ...hooks.map((h) => ({ at: isoOf(h.received_at), event: "webhook" as const, detail: h.event, by: provider })),
    // A processed refund is told when it was processed (after the admin's ask, which has its own entry).
    ...refundList.map((r, i) => ({
      at: refundRows[i].processed_at ? isoOf(refundRows[i].processed_at) : r.created_at,
      event: "refund" as const,
      detail: `Refund ${formatInrMinor(Math.round(r.amount * 100))} ${r.status}`,
      by: provider,
    })),
    ...(o.refunded_at ? [{ at: isoOf(o.refunded_at), event: "refunded" as const, detail: "Order refunded", by: store }] : []),
    ...storyOf(events, mails),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return {
    id: Number(o.id),
    status: o.status,
    customer: { id: o.customer_id == null ? null : Number(o.customer_id), email: o.customer_email, name: o.customer_name },
    product: { id: o.product_id, name: o.product_name, version: o.version },
    coupon: o.coupon,
    amounts: {
      list_price: rupees(Number(o.list_amount_minor)),
      discount: rupees(Number(o.discount_minor)),
      paid: rupees(Number(o.amount_paid_minor)),
      currency: "INR",
    },
    payment: { provider: o.provider, payment_id: o.payment_id, provider_order_id: o.provider_order_id },
    created_at: isoOf(o.created_at),
    paid_at: iso(o.paid_at),
    licence:
      o.licence_id && expiresAt
        ? {
            id: Number(o.licence_id),
            key_hint: key.split("-").pop() ?? "",
            state: o.revoked_at ? "revoked" : Date.parse(expiresAt) <= now.getTime() ? "expired" : "valid",
            expires_at: expiresAt,
            revoked_at: iso(o.revoked_at),
            machine_limit: Number(o.machine_limit),
            machines: machines.map((m) => ({
              id: Number(m.id),
              name: m.name,
              activated_at: isoOf(m.activated_at),
              last_seen_at: iso(m.last_seen_at),
            })),
          }
        : null,
    mails,
    refunds: refundList,
    refundable: paidStatus && o.payment_id ? rupees(Math.max(0, Number(o.amount_paid_minor) - held)) : 0,
    invoice: invoiceRow ? documentOf(invoiceRow) : null,
    credit_notes: documents
      .filter((d) => d.kind === "credit_note" && d.refund_id != null)
      .map((d) => ({ ...documentOf(d), refund_id: Number(d.refund_id) })),
    timeline,
  };
}
