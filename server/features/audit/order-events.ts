import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { licences, orderEvents } from "../../platform/db/schema";
import { names } from "../../platform/db/sql-names";

/** What the admin's order page tells besides payment and refunds: licence events and mails an action sent. */
export type OrderEventKind =
  "activated" | "seat_freed" | "key_rotated" | "revoked" | "restored" | "extended" | "receipt_resent" | "mail_resent" | "refund_asked";

/** Who did it: the customer on the account page, the licence key's holder through the licence API, an admin, or the store itself. */
export type OrderEventActor = "customer" | "tool" | "admin" | "system";

export type OrderEvent = {
  kind: OrderEventKind;
  actor: OrderEventActor;
  /** The order, or the licence whose order it is. */
  orderId?: number;
  licenceId?: number;
  adminId?: number | null;
  /** The outbox row the action queued (a receipt again, a replaced key). */
  mailId?: number | null;
  detail?: string;
  at: Date;
};

/**
 * Writes one event in the caller's transaction, beside the change it describes (so the order page
 * never shows a change without it, nor it without the change). Cheap: one insert by primary key.
 */
export async function recordOrderEvent(tx: Pick<Db, "execute">, e: OrderEvent): Promise<void> {
  const oe = orderEvents;
  const values = sql`${e.kind}, ${e.actor}, ${e.adminId ?? null}, ${e.mailId ?? null}, ${e.detail ?? ""}, ${e.at.toISOString()}`;
  const columns = names(oe.orderId, oe.kind, oe.actor, oe.adminId, oe.mailId, oe.detail, oe.createdAt);
  await tx.execute(
    e.orderId != null
      ? sql`insert into ${oe} (${columns}) values (${e.orderId}, ${values})`
      : sql`insert into ${oe} (${columns}) select ${licences.orderId}, ${values} from ${licences} where ${licences.id} = ${e.licenceId ?? 0}`,
  );
}
