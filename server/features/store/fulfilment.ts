import { getTableName, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Executor } from "../../platform/db/client";
import { queryRows } from "../../platform/db/query-rows";
import { coupons, customers, licences, orders, products, productVersions } from "../../platform/db/schema";
import { bare, nameLiteral, names } from "../../platform/db/sql-names";
import { ConflictError, NotFoundError } from "../../platform/errors";
import { issueInvoice } from "../invoices";
import { enqueueMail } from "../mail";
import { orderAccessToken, tokenHash } from "./order-token";
import { receiptMail } from "./receipt-mail";
import { PENDING_MINUTES, type StoreContext } from "./context";
import { encryptLicenceKey, licenceKeyHash, canonicalLicenceKey, newLicenceKey } from "../licences";

/** What fulfilment reads of the store's context (a prize is fulfilled outside the checkout). */
export type FulfilContext = Pick<StoreContext, "now" | "config" | "log">;

export type Fulfilled = { orderId: number; status: "placed" | "active" | "expired"; licenceEncrypted: string; fresh: boolean };

type PaidRow = {
  id: string;
  customer_email: string;
  customer_name: string;
  coupon_id: number | null;
  expires_at: string;
  machine_limit: number;
  amount_paid_minor: string;
  product_name: string;
  version: string;
};

const o = alias(orders, "o");
const pv = alias(productVersions, "pv");
const p = alias(products, "p");
const l = alias(licences, "l");

/**
 * Marks a pending order paid and issues its licence, exactly once whichever of confirm and the
 * webhook comes first, or both at once: the conditional UPDATE pending -> placed decides (the
 * loser's UPDATE waits for the winner's row lock, then matches no row), and the customer, the coupon
 * and the licence are written in the same transaction, so a paid order never lacks its licence.
 * Must run inside a transaction (`tx`). `secret` is the licence secret, read by the caller BEFORE it
 * opened the transaction: read inside, a first read (fresh process, nothing cached) would query the
 * database outside the transaction, which on PGlite (one connection) waits for the transaction to end:
 * a deadlock (a confirm as the first request after a restart would hang; the SIGKILL test covers it).
 */
export async function fulfil(ctx: FulfilContext, tx: Db, orderId: number, paymentId: string | null, secret: string): Promise<Fulfilled> {
  const at = ctx.now().toISOString();
  const paid = await queryRows<PaidRow>(
    tx,
    sql`update ${orders} ${o} set ${bare(o.status)} = 'placed', ${bare(o.paymentId)} = ${paymentId}, ${bare(o.paidAt)} = ${at},
        ${bare(o.expiresAt)} = ${at}::timestamptz + make_interval(months => ${pv.licenceTermMonths})
      from ${productVersions} ${pv} join ${products} ${p} on ${p.id} = ${pv.productId}
      where ${o.id} = ${orderId} and ${pv.id} = ${o.productVersionId} and ${o.status} = 'pending' and ${o.expiresAt} > ${at}
      returning ${o.id}, ${o.customerEmail}, ${o.customerName}, ${o.couponId}, ${o.expiresAt}, ${pv.machineLimit}, ${o.amountPaidMinor},
        ${p.name} as product_name, ${pv.version}`,
  );
  if (paid.length === 0) return alreadyFulfilled(ctx, tx, orderId, paymentId);
  const order = paid[0];

  // The customer is created at the first paid order, or found by e-mail whatever its case.
  await tx.execute(sql`with c as (
      insert into ${customers} (${names(customers.email, customers.name)}) values (${order.customer_email}, ${order.customer_name})
      on conflict ((lower(${bare(customers.email)}))) do update set ${bare(customers.name)} = ${customers.name} returning ${customers.id})
    update ${orders} set ${bare(orders.customerId)} = (select ${bare(customers.id)} from c) where ${orders.id} = ${orderId}`);

  if (order.coupon_id != null) {
    const used = await queryRows<{ id: number }>(
      tx,
      sql`update ${coupons} set ${bare(coupons.usedAt)} = ${at}, ${bare(coupons.orderId)} = ${orderId}, ${bare(coupons.reservedOrderId)} = null
        where ${coupons.id} = ${order.coupon_id} and ${coupons.reservedOrderId} = ${orderId} returning ${coupons.id}`,
    );
    // Cannot happen while reservations are only freed with their order's failure; say so if it does.
    if (used.length !== 1) ctx.log({ level: "warn", msg: "paid order's coupon was not reserved for it", orderId });
  }

  const key = newLicenceKey();
  const encrypted = encryptLicenceKey(secret, key);
  await tx.execute(sql`insert into ${licences} (${names(licences.orderId, licences.keyHash, licences.keyEncrypted, licences.machineLimit, licences.expiresAt)})
    values (${orderId}, ${licenceKeyHash(secret, canonicalLicenceKey(key) as string)}, ${encrypted}, ${Number(order.machine_limit)}, ${order.expires_at})`);
  // The invoice is numbered in this transaction: a rollback gives its number back (no gap).
  const invoice = await issueInvoice(tx, { tax: ctx.config.site.tax, supplierName: ctx.config.site.name, orderId, at: new Date(at) });
  // The receipt mail is written with the payment: sent once this commits, never if it rolls back.
  await enqueueMail(
    tx,
    ctx.config,
    receiptMail(
      ctx.config,
      {
        orderId,
        email: order.customer_email,
        name: order.customer_name,
        productName: order.product_name,
        version: order.version,
        totalMinor: Number(order.amount_paid_minor),
        paymentId: paymentId ?? "none (nothing to pay)",
        machineLimit: Number(order.machine_limit),
        expiresAt: new Date(order.expires_at).toISOString(),
        invoiceNumber: invoice.number,
      },
      { key, orderToken: orderAccessToken(secret, orderId) },
    ),
  );
  return { orderId, status: "placed", licenceEncrypted: encrypted, fresh: true };
}

/** The loser of the race (or a repeated confirm/webhook): the order is paid already, or cannot be. */
async function alreadyFulfilled(ctx: FulfilContext, tx: Executor, orderId: number, paymentId: string | null): Promise<Fulfilled> {
  const rows = await queryRows<{ status: string; payment_id: string | null; key_encrypted: string | null; expired: boolean }>(
    tx,
    sql`select ${o.status}, ${o.paymentId}, ${l.keyEncrypted}, ${o.expiresAt} <= now() as expired
      from ${orders} ${o} left join ${licences} ${l} on ${l.orderId} = ${o.id} where ${o.id} = ${orderId}`,
  );
  const row = rows[0];
  if (!row) throw new NotFoundError("There is no such order.");
  if ((row.status === "placed" || row.status === "active" || row.status === "expired") && row.key_encrypted) {
    if (row.payment_id !== paymentId) ctx.log({ level: "warn", msg: "second payment for an order already paid; refund it", orderId });
    return { orderId, status: row.status, licenceEncrypted: row.key_encrypted, fresh: false };
  }
  if (row.status === "refunded") throw new ConflictError("This order has been refunded.");
  if (row.status === "failed") throw new ConflictError("This order is closed: its payment failed or it expired before payment.");
  throw new ConflictError("This order expired before its payment arrived.");
}

/** The licence a quest pays as its prize: a product version given to a participant. */
export type PrizeLicence = { productId: string; version: string; email: string; name: string };

/**
 * A zero-amount "prize" order for `prize`, paid and fulfilled at once by the same path as a 100 %
 * coupon checkout (customer, licence, invoice, receipt mail), so the prize shows in the winner's
 * account and validates like any licence. Must run inside the caller's transaction: a rollback
 * of the caller's state change takes the order back with it. `secret` read before the transaction.
 */
export async function fulfilPrize(ctx: FulfilContext, tx: Db, prize: PrizeLicence, secret: string): Promise<Fulfilled> {
  const versions = await queryRows<{ id: number }>(
    tx,
    sql`select ${pv.id} from ${productVersions} ${pv} where ${pv.productId} = ${prize.productId} and ${pv.version} = ${prize.version}`,
  );
  if (versions.length === 0) throw new NotFoundError(`The catalogue has no ${prize.productId} ${prize.version} to give.`);
  const [{ id }] = await queryRows<{ id: string }>(
    tx,
    sql`select nextval(pg_get_serial_sequence(${nameLiteral(getTableName(orders))}, ${nameLiteral(orders.id.name)})) as id`,
  );
  const orderId = Number(id);
  const created = ctx.now();
  // Pending for a moment only: fulfil() moves it to placed in this same transaction.
  const expiresAt = new Date(created.getTime() + PENDING_MINUTES * 60_000);
  await tx.execute(sql`insert into ${orders} (${names(
    orders.id,
    orders.productVersionId,
    orders.customerEmail,
    orders.customerName,
    orders.listAmountMinor,
    orders.discountMinor,
    orders.amountPaidMinor,
    orders.currency,
    orders.provider,
    orders.accessTokenHash,
    orders.status,
    orders.createdAt,
    orders.expiresAt,
  )}) values (${orderId}, ${versions[0].id}, ${prize.email}, ${prize.name}, 0, 0, 0, 'INR', 'prize',
      ${tokenHash(orderAccessToken(secret, orderId))}, 'pending', ${created.toISOString()}, ${expiresAt.toISOString()})`);
  return fulfil(ctx, tx, orderId, null, secret);
}
