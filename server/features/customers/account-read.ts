import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { fromMinor } from "../../../contract/money";
import type { AccountOrder } from "../../../contract/account";
import type { Db } from "../../platform/db/client";
import { iso, queryRows } from "../../platform/db/query-rows";
import { licenceMachines, licences, orders, products, productVersions, refunds } from "../../platform/db/schema";
import { decryptLicenceKey } from "../licences";

const o = alias(orders, "o");
const pv = alias(productVersions, "pv");
const p = alias(products, "p");
const l = alias(licences, "l");
const m = alias(licenceMachines, "m");
const rf = alias(refunds, "rf");

type Row = {
  id: string;
  status: string;
  product_id: string;
  product_name: string;
  version: string;
  amount_paid_minor: string;
  refunded_minor: string;
  currency: string;
  paid_at: string | null;
  payment_id: string | null;
  licence_id: string | null;
  key_encrypted: string | null;
  revoked: boolean | null;
  licence_expires_at: string | null;
  machine_limit: number | null;
  machines: { id: number; name: string | null; activated_at: string; last_seen_at: string | null }[] | string | null;
};

/** The last group of a key (`ONI-…-7KQ2M` → `7KQ2M`): enough to tell keys apart, useless to a thief. */
export const keyHint = (key: string) => key.split("-").pop() ?? "";

/** A customer's orders, newest first, each with its licence and machines: one indexed query. */
export async function readAccountOrders(db: Db, secret: string, customerId: number, at: Date): Promise<AccountOrder[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select ${o.id}, ${o.status}, ${pv.productId}, ${p.name} as product_name, ${pv.version}, ${o.amountPaidMinor}, ${o.currency},
        ${o.paidAt}, ${o.paymentId}, ${l.id} as licence_id, ${l.keyEncrypted}, ${l.revokedAt} is not null as revoked,
        ${l.expiresAt} as licence_expires_at, ${l.machineLimit},
        (select coalesce(json_agg(json_build_object('id', ${m.id}, 'name', ${m.name}, 'activated_at', ${m.activatedAt},
            'last_seen_at', ${m.lastSeenAt}) order by ${m.activatedAt}, ${m.id}), '[]'::json)
          from ${licenceMachines} ${m} where ${m.licenceId} = ${l.id}) as machines,
        (select coalesce(sum(${rf.amountMinor}), 0)::text from ${refunds} ${rf} where ${rf.orderId} = ${o.id} and ${rf.status} = 'processed')
          as refunded_minor
      from ${orders} ${o} join ${productVersions} ${pv} on ${pv.id} = ${o.productVersionId}
        join ${products} ${p} on ${p.id} = ${pv.productId}
        left join ${licences} ${l} on ${l.orderId} = ${o.id}
      where ${o.customerId} = ${customerId}
      order by ${o.createdAt} desc, ${o.id} desc`,
  );
  return rows.map((r) => {
    const machines = (typeof r.machines === "string" ? JSON.parse(r.machines) : (r.machines ?? [])) as Exclude<
      Row["machines"],
      string | null
    >;
    const expires = r.licence_expires_at ? new Date(r.licence_expires_at) : null;
    return {
      order_id: Number(r.id),
      status: r.status,
      product_id: r.product_id,
      product_name: r.product_name,
      version: r.version,
      total: fromMinor(Number(r.amount_paid_minor)),
      refunded: fromMinor(Number(r.refunded_minor)),
      currency: r.currency,
      paid_at: iso(r.paid_at),
      pay_id: r.payment_id,
      licence:
        r.licence_id && r.key_encrypted && expires
          ? {
              id: Number(r.licence_id),
              key_hint: keyHint(decryptLicenceKey(secret, r.key_encrypted)),
              status: r.revoked ? "revoked" : expires.getTime() <= at.getTime() ? "expired" : "active",
              expires_at: expires.toISOString(),
              machine_limit: Number(r.machine_limit),
              machines: machines.map((x) => ({
                id: Number(x.id),
                name: x.name,
                activated_at: iso(x.activated_at) as string,
                last_seen_at: iso(x.last_seen_at),
              })),
            }
          : null,
    };
  });
}
