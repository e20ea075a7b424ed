import { desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { fromMinor } from "../../../contract/money";
import type { AccountOrder } from "../../../contract/account";
import type { Db } from "../../platform/db/client";
import { iso } from "../../platform/db/query-rows";
import { licenceMachines, licences, orders, products, productVersions, refunds } from "../../platform/db/schema";
import { decryptLicenceKey } from "../licences";

const o = alias(orders, "o");
const pv = alias(productVersions, "pv");
const p = alias(products, "p");
const l = alias(licences, "l");
const m = alias(licenceMachines, "m");
const rf = alias(refunds, "rf");

/** The machines as `json_agg` hands them over: parsed on one driver, text on the other. */
type Machines = { id: number; name: string | null; activated_at: string; last_seen_at: string | null }[] | string | null;

/** The last group of a key (`ONI-…-7KQ2M` → `7KQ2M`): enough to tell keys apart, useless to a thief. */
export const keyHint = (key: string) => key.split("-").pop() ?? "";

/** A customer's orders, newest first, each with its licence and machines: one indexed query. */
export async function readAccountOrders(db: Db, secret: string, customerId: number, at: Date): Promise<AccountOrder[]> {
  const rows = await db
    .select({
      id: o.id,
      status: o.status,
      productId: pv.productId,
      productName: p.name,
      version: pv.version,
      amountPaidMinor: o.amountPaidMinor,
      currency: o.currency,
      paidAt: o.paidAt,
      paymentId: o.paymentId,
      licenceId: l.id,
      keyEncrypted: l.keyEncrypted,
      revoked: sql<boolean | null>`${l.revokedAt} is not null`,
      licenceExpiresAt: l.expiresAt,
      machineLimit: l.machineLimit,
      machines: sql<Machines>`(select coalesce(json_agg(json_build_object('id', ${m.id}, 'name', ${m.name}, 'activated_at', ${m.activatedAt},
            'last_seen_at', ${m.lastSeenAt}) order by ${m.activatedAt}, ${m.id}), '[]'::json)
          from ${licenceMachines} ${m} where ${m.licenceId} = ${l.id})`,
      refundedMinor:
        sql<number>`(select coalesce(sum(${rf.amountMinor}), 0) from ${refunds} ${rf} where ${rf.orderId} = ${o.id} and ${rf.status} = 'processed')`.mapWith(
          Number,
        ),
    })
    .from(o)
    .innerJoin(pv, eq(pv.id, o.productVersionId))
    .innerJoin(p, eq(p.id, pv.productId))
    .leftJoin(l, eq(l.orderId, o.id))
    .where(eq(o.customerId, customerId))
    .orderBy(desc(o.createdAt), desc(o.id));
  return rows.map((r) => {
    const machines = (typeof r.machines === "string" ? JSON.parse(r.machines) : (r.machines ?? [])) as Exclude<Machines, string | null>;
    const expires = r.licenceExpiresAt;
    return {
      order_id: r.id,
      status: r.status,
      product_id: r.productId,
      product_name: r.productName,
      version: r.version,
      total: fromMinor(r.amountPaidMinor),
      refunded: fromMinor(r.refundedMinor),
      currency: r.currency,
      paid_at: iso(r.paidAt),
      pay_id: r.paymentId,
      licence:
        r.licenceId && r.keyEncrypted && expires
          ? {
              id: r.licenceId,
              key_hint: keyHint(decryptLicenceKey(secret, r.keyEncrypted)),
              status: r.revoked ? "revoked" : expires.getTime() <= at.getTime() ? "expired" : "active",
              expires_at: expires.toISOString(),
              machine_limit: r.machineLimit ?? 0,
              machines: machines.map((x) => ({
                id: x.id,
                name: x.name,
                activated_at: iso(x.activated_at) as string,
                last_seen_at: iso(x.last_seen_at),
              })),
            }
          : null,
    };
  });
}
