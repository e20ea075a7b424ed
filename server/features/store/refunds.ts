import { and, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { indiaDate } from "../../../contract/time";
import { licences, orders, products, productVersions, refundDailyCounts, refunds } from "../../platform/db/schema";
import { recordOrderEvent } from "../audit";
import { issueCreditNote } from "../invoices";
import { enqueueMail, type OutboxConfig } from "../mail";
import { refundMail } from "./refund-mail";

export type RecordedRefund = {
  /** False when this provider refund was processed before (a repeated webhook): nothing changed. */
  added: boolean;
  refundId: number | null;
  refundedMinor: number;
  orderRefunded: boolean;
  creditNote: string | null;
};

/** The sum of an order's refunds that `which` picks, 0 when there are none. */
async function refundSum(tx: Db, orderId: number, which: SQL | undefined): Promise<number> {
  const [{ sum }] = await tx
    .select({ sum: sql`coalesce(sum(${refunds.amountMinor}), 0)`.mapWith(refunds.amountMinor) })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), which));
  return sum;
}

/** What is paid and not refunded or held by a refund in flight: the most a new refund may take. */
export async function refundableMinor(tx: Db, orderId: number, amountPaidMinor: number): Promise<number> {
  return amountPaidMinor - (await refundSum(tx, orderId, inArray(refunds.status, ["pending", "processed"])));
}

/**
 * Records one processed refund of an order, issues its credit note and, once the processed refunds
 * add up to what was paid, refunds the order and revokes its licence (a partial refund revokes it only
 * when the admin asked). Call it in a transaction that holds the order row (`for update`): two refunds
 * of one order then run one after the other, and the second's sum sees the first.
 *
 * The refund is found by the provider's id, else by our own row's id (`ownRefundId`, which the
 * provider hands back in the refund's notes: the webhook may arrive before the admin's request has
 * stored the provider's id), else it is one made in the provider's dashboard and is inserted. One
 * already processed adds nothing, so a repeated webhook is harmless; the order's update is
 * conditional, so it is refunded exactly once.
 */
export async function recordRefund(
  tx: Db,
  input: {
    orderId: number;
    amountPaidMinor: number;
    providerRefundId: string;
    amountMinor: number;
    ownRefundId?: number | null;
    reason?: string | null;
    config: OutboxConfig & Pick<Config, "site" | "publicOrigin">;
    at: Date;
  },
): Promise<RecordedRefund> {
  const r = refunds;
  const [found] = await tx
    .select({ id: r.id, status: r.status, revokeLicence: r.revokeLicence })
    .from(r)
    .where(
      and(
        eq(r.orderId, input.orderId),
        or(eq(r.providerRefundId, input.providerRefundId), and(eq(r.id, input.ownRefundId ?? 0), isNull(r.providerRefundId))),
      ),
    )
    .orderBy(desc(sql`${r.providerRefundId} is not null`))
    .limit(1);
  const refundedSoFar = () => refundSum(tx, input.orderId, eq(r.status, "processed"));
  if (found?.status === "processed")
    return { added: false, refundId: found.id, refundedMinor: await refundedSoFar(), orderRefunded: false, creditNote: null };

  const at = input.at;
  let refundId: number;
  let revoke = false;
  if (found) {
    // Ours (pending, or marked failed when the provider's answer was lost): the provider's word wins.
    refundId = found.id;
    revoke = found.revokeLicence;
    await tx
      .update(r)
      .set({ status: "processed", providerRefundId: input.providerRefundId, amountMinor: input.amountMinor, processedAt: at })
      .where(eq(r.id, refundId));
  } else {
    const [row] = await tx
      .insert(r)
      .values({
        orderId: input.orderId,
        providerRefundId: input.providerRefundId,
        amountMinor: input.amountMinor,
        status: "processed",
        reason: input.reason ?? null,
        processedAt: at,
      })
      .returning({ id: r.id });
    refundId = row.id;
  }
  const note = await issueCreditNote(tx, {
    tax: input.config.site.tax,
    orderId: input.orderId,
    refundId,
    amountMinor: input.amountMinor,
    at: input.at,
  });

  const refundedMinor = await refundedSoFar();
  let orderRefunded = false;
  if (refundedMinor >= input.amountPaidMinor) {
    const rows = await tx
      .update(orders)
      .set({ status: "refunded", refundedAt: at })
      .where(and(eq(orders.id, input.orderId), inArray(orders.status, ["placed", "active", "expired"])))
      .returning({ id: orders.id });
    orderRefunded = rows.length > 0;
    revoke ||= orderRefunded;
  }
  if (revoke) {
    const revoked = await tx
      .update(licences)
      .set({ revokedAt: at })
      .where(and(eq(licences.orderId, input.orderId), isNull(licences.revokedAt)))
      .returning({ id: licences.id });
    if (revoked.length)
      await recordOrderEvent(tx, { orderId: input.orderId, kind: "revoked", actor: "system", detail: "with the refund", at: input.at });
  }
  await countAndMail(tx, input, refundedMinor, note?.number ?? null, revoke);
  return { added: true, refundId, refundedMinor, orderRefunded, creditNote: note?.number ?? null };
}

/**
 * The two things each processed refund does once, in the transaction that records it (so a repeated
 * webhook, the sweep and the admin's own answer never do them twice): its amount added to the
 * overview's refunds of that day, and the customer's mail with its amount and credit note.
 */
async function countAndMail(
  tx: Db,
  input: Parameters<typeof recordRefund>[1],
  refundedMinor: number,
  creditNote: string | null,
  revoked: boolean,
): Promise<void> {
  const [o] = await tx
    .select({
      email: orders.customerEmail,
      name: orders.customerName,
      productId: productVersions.productId,
      productName: products.name,
      version: productVersions.version,
    })
    .from(orders)
    .innerJoin(productVersions, eq(productVersions.id, orders.productVersionId))
    .innerJoin(products, eq(products.id, productVersions.productId))
    .where(eq(orders.id, input.orderId));
  const d = refundDailyCounts;
  await tx
    .insert(d)
    .values({ day: indiaDate(input.at), productId: o.productId, count: 1, amountMinor: input.amountMinor })
    .onConflictDoUpdate({
      target: [d.day, d.productId],
      set: { count: sql`${d.count} + 1`, amountMinor: sql`${d.amountMinor} + ${input.amountMinor}` },
    });
  const mail = refundMail(input.config, {
    orderId: input.orderId,
    email: o.email,
    name: o.name,
    productName: o.productName,
    version: o.version,
    amountMinor: input.amountMinor,
    refundedMinor,
    paidMinor: input.amountPaidMinor,
    creditNote,
    licenceRevoked: revoked,
  });
  await enqueueMail(tx, input.config, mail);
}
