import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { coupons, customers, licences, orders, products, productVersions } from "../../platform/db/schema";
import { bare, names } from "../../platform/db/sql-names";
import { ConflictError, NotFoundError } from "../../platform/errors";
import { issueInvoice } from "../invoices";
import { enqueueMail } from "../mail";
import { orderAccessToken, tokenHash } from "./order-token";
import { receiptMail } from "./receipt-mail";
import { PENDING_MINUTES, type StoreContext } from "./context";
import { nextOrderId } from "./next-order-id";
import { encryptLicenceKey, licenceKeyHash, canonicalLicenceKey, newLicenceKey } from "../licences";

/** What fulfilment reads of the store's context (a prize is fulfilled outside the checkout). */
export type FulfilContext = Pick<StoreContext, "now" | "config" | "log">;

export type Fulfilled = { orderId: number; status: "placed" | "active" | "expired"; licenceEncrypted: string; fresh: boolean };

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
  const at = ctx.now();
  const paid = await tx
    .update(orders)
    .set({
      status: "placed",
      paymentId,
      paidAt: at,
      expiresAt: sql`${at.toISOString()}::timestamptz + make_interval(months => ${productVersions.licenceTermMonths})`,
    })
    .from(productVersions)
    .innerJoin(products, eq(products.id, productVersions.productId))
    .where(
      and(eq(orders.id, orderId), eq(productVersions.id, orders.productVersionId), eq(orders.status, "pending"), gt(orders.expiresAt, at)),
    )
    .returning({
      customerEmail: orders.customerEmail,
      customerName: orders.customerName,
      couponId: orders.couponId,
      expiresAt: orders.expiresAt,
      machineLimit: productVersions.machineLimit,
      amountPaidMinor: orders.amountPaidMinor,
      productName: products.name,
      version: productVersions.version,
    });
  if (paid.length === 0) return alreadyFulfilled(ctx, tx, orderId, paymentId);
  const order = paid[0];
  // Set just above, from the version's licence term.
  const expiresAt = order.expiresAt as Date;

  // The customer is created at the first paid order, or found by e-mail whatever its case.
  // Raw SQL (decision 114): a data-modifying CTE, one atomic statement.
  await tx.execute(sql`with c as (
      insert into ${customers} (${names(customers.email, customers.name)}) values (${order.customerEmail}, ${order.customerName})
      on conflict ((lower(${bare(customers.email)}))) do update set ${bare(customers.name)} = ${customers.name} returning ${customers.id})
    update ${orders} set ${bare(orders.customerId)} = (select ${bare(customers.id)} from c) where ${orders.id} = ${orderId}`);

  if (order.couponId != null) {
    const used = await tx
      .update(coupons)
      .set({ usedAt: at, orderId, reservedOrderId: null })
      .where(and(eq(coupons.id, order.couponId), eq(coupons.reservedOrderId, orderId)))
      .returning({ id: coupons.id });
    // Cannot happen while reservations are only freed with their order's failure; say so if it does.
    if (used.length !== 1) ctx.log({ level: "warn", msg: "paid order's coupon was not reserved for it", orderId });
  }

  const key = newLicenceKey();
  const encrypted = encryptLicenceKey(secret, key);
  await tx.insert(licences).values({
    orderId,
    keyHash: licenceKeyHash(secret, canonicalLicenceKey(key) as string),
    keyEncrypted: encrypted,
    machineLimit: order.machineLimit,
    expiresAt,
  });
  // The invoice is numbered in this transaction: a rollback gives its number back (no gap).
  const invoice = await issueInvoice(tx, { tax: ctx.config.site.tax, supplierName: ctx.config.site.name, orderId, at });
  // The receipt mail is written with the payment: sent once this commits, never if it rolls back.
  await enqueueMail(
    tx,
    ctx.config,
    receiptMail(
      ctx.config,
      {
        orderId,
        email: order.customerEmail,
        name: order.customerName,
        productName: order.productName,
        version: order.version,
        totalMinor: order.amountPaidMinor,
        paymentId: paymentId ?? "none (nothing to pay)",
        machineLimit: order.machineLimit,
        expiresAt: expiresAt.toISOString(),
        invoiceNumber: invoice.number,
      },
      { key, orderToken: orderAccessToken(secret, orderId) },
    ),
  );
  return { orderId, status: "placed", licenceEncrypted: encrypted, fresh: true };
}

/** The loser of the race (or a repeated confirm/webhook): the order is paid already, or cannot be. */
async function alreadyFulfilled(ctx: FulfilContext, tx: Db, orderId: number, paymentId: string | null): Promise<Fulfilled> {
  const [row] = await tx
    .select({ status: orders.status, paymentId: orders.paymentId, keyEncrypted: licences.keyEncrypted })
    .from(orders)
    .leftJoin(licences, eq(licences.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!row) throw new NotFoundError("There is no such order.");
  if ((row.status === "placed" || row.status === "active" || row.status === "expired") && row.keyEncrypted) {
    if (row.paymentId !== paymentId) ctx.log({ level: "warn", msg: "second payment for an order already paid; refund it", orderId });
    return { orderId, status: row.status, licenceEncrypted: row.keyEncrypted, fresh: false };
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
  const [version] = await tx
    .select({ id: productVersions.id })
    .from(productVersions)
    .where(and(eq(productVersions.productId, prize.productId), eq(productVersions.version, prize.version)));
  if (!version) throw new NotFoundError(`The catalogue has no ${prize.productId} ${prize.version} to give.`);
  const orderId = await nextOrderId(tx);
  const created = ctx.now();
  // Pending for a moment only: fulfil() moves it to placed in this same transaction.
  await tx.insert(orders).values({
    id: orderId,
    productVersionId: version.id,
    customerEmail: prize.email,
    customerName: prize.name,
    listAmountMinor: 0,
    discountMinor: 0,
    amountPaidMinor: 0,
    currency: "INR",
    provider: "prize",
    accessTokenHash: tokenHash(orderAccessToken(secret, orderId)),
    status: "pending",
    createdAt: created,
    expiresAt: new Date(created.getTime() + PENDING_MINUTES * 60_000),
  });
  return fulfil(ctx, tx, orderId, null, secret);
}
