import { sql } from "drizzle-orm";
import type { Config } from "../../platform/config";
import type { Db, Executor } from "../../platform/db/client";
import { queryRows } from "../../platform/db/query-rows";
import { indiaDate } from "../../../contract/time";
import { licences, orders, products, productVersions, refundDailyCounts, refunds } from "../../platform/db/schema";
import { bare, names } from "../../platform/db/sql-names";
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

/** What is paid and not refunded or held by a refund in flight: the most a new refund may take. */
export async function refundableMinor(tx: Executor, orderId: number, amountPaidMinor: number): Promise<number> {
  const [{ held }] = await queryRows<{ held: string }>(
    tx,
    sql`select coalesce(sum(${refunds.amountMinor}), 0)::text as held from ${refunds}
      where ${refunds.orderId} = ${orderId} and ${refunds.status} in ('pending', 'processed')`,
  );
  return amountPaidMinor - Number(held);
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
  const found = await queryRows<{ id: string; status: string; revoke_licence: boolean }>(
    tx,
    sql`select ${r.id}, ${r.status}, ${r.revokeLicence} from ${r}
      where ${r.orderId} = ${input.orderId}
        and (${r.providerRefundId} = ${input.providerRefundId} or (${r.id} = ${input.ownRefundId ?? 0} and ${r.providerRefundId} is null))
      order by (${r.providerRefundId} is not null) desc limit 1`,
  );
  const refundedSoFar = async () => {
    const [{ total }] = await queryRows<{ total: string }>(
      tx,
      sql`select coalesce(sum(${r.amountMinor}), 0)::text as total from ${r}
        where ${r.orderId} = ${input.orderId} and ${r.status} = 'processed'`,
    );
    return Number(total);
  };
  if (found[0]?.status === "processed")
    return { added: false, refundId: Number(found[0].id), refundedMinor: await refundedSoFar(), orderRefunded: false, creditNote: null };

  const at = input.at.toISOString();
  let refundId: number;
  let revoke = false;
  if (found[0]) {
    // Ours (pending, or marked failed when the provider's answer was lost): the provider's word wins.
    refundId = Number(found[0].id);
    revoke = found[0].revoke_licence;
    await tx.execute(sql`update ${r} set ${bare(r.status)} = 'processed', ${bare(r.providerRefundId)} = ${input.providerRefundId},
      ${bare(r.amountMinor)} = ${input.amountMinor}, ${bare(r.processedAt)} = ${at} where ${r.id} = ${refundId}`);
  } else {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into ${r} (${names(r.orderId, r.providerRefundId, r.amountMinor, r.status, r.reason, r.processedAt)})
        values (${input.orderId}, ${input.providerRefundId}, ${input.amountMinor}, 'processed', ${input.reason ?? null}, ${at}) returning ${r.id}`,
    );
    refundId = Number(row.id);
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
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`update ${orders} set ${bare(orders.status)} = 'refunded', ${bare(orders.refundedAt)} = ${at}
        where ${orders.id} = ${input.orderId} and ${orders.status} in ('placed', 'active', 'expired') returning ${orders.id}`,
    );
    orderRefunded = rows.length > 0;
    revoke ||= orderRefunded;
  }
  if (revoke) {
    const revoked = await queryRows<{ id: string }>(
      tx,
      sql`update ${licences} set ${bare(licences.revokedAt)} = ${at} where ${licences.orderId} = ${input.orderId} and ${licences.revokedAt} is null
        returning ${licences.id}`,
    );
    if (revoked.length)
      await recordOrderEvent(tx, { orderId: input.orderId, kind: "revoked", actor: "system", detail: "with the refund", at: input.at });
  }
  await countAndMail(tx, input, refundedMinor, note?.number ?? null, revoke);
  return { added: true, refundId, refundedMinor, orderRefunded, creditNote: note?.number ?? null };
}

type MailRow = { email: string; name: string; product_id: string; product_name: string; version: string };

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
  const [o] = await queryRows<MailRow>(
    tx,
    sql`select ${orders.customerEmail} as email, ${orders.customerName} as name, ${productVersions.productId} as product_id,
        ${products.name} as product_name, ${productVersions.version}
      from ${orders} join ${productVersions} on ${productVersions.id} = ${orders.productVersionId}
        join ${products} on ${products.id} = ${productVersions.productId}
      where ${orders.id} = ${input.orderId}`,
  );
  const d = refundDailyCounts;
  await tx.execute(sql`insert into ${d} (${names(d.day, d.productId, d.count, d.amountMinor)})
    values (${indiaDate(input.at)}, ${o.product_id}, 1, ${input.amountMinor})
    on conflict (${names(d.day, d.productId)}) do update set ${bare(d.count)} = ${d.count} + 1, ${bare(d.amountMinor)} = ${d.amountMinor} + ${input.amountMinor}`);
  const mail = refundMail(input.config, {
    orderId: input.orderId,
    email: o.email,
    name: o.name,
    productName: o.product_name,
    version: o.version,
    amountMinor: input.amountMinor,
    refundedMinor,
    paidMinor: input.amountPaidMinor,
    creditNote,
    licenceRevoked: revoked,
  });
  await enqueueMail(tx, input.config, mail);
}
