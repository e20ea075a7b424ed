import { asc, eq } from "drizzle-orm";
import type { AdminOrderDetail } from "../../../contract/admin-order-detail";
import type { Db } from "../../platform/db/client";
import { admins, orderEvents } from "../../platform/db/schema";

type Timeline = AdminOrderDetail["timeline"];

/** The order's licence events and the mails actions sent, oldest first (order_events_order_idx). */
export const readOrderEvents = (db: Db, orderId: number) =>
  db
    .select({
      kind: orderEvents.kind,
      actor: orderEvents.actor,
      mailId: orderEvents.mailId,
      detail: orderEvents.detail,
      createdAt: orderEvents.createdAt,
      adminEmail: admins.email,
    })
    .from(orderEvents)
    .leftJoin(admins, eq(admins.id, orderEvents.adminId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id))
    .limit(500);

export type EventRow = Awaited<ReturnType<typeof readOrderEvents>>[number];

/** Who did it, in words. */
export const whoDid = (e: Pick<EventRow, "actor" | "adminEmail">): string =>
  e.actor === "admin"
    ? `admin ${e.adminEmail ?? "(deleted)"}`
    : { customer: "the customer", tool: "the licence key (tool)", system: "the store", provider: "the payment provider" }[e.actor];

const TEXT: Record<string, (detail: string) => [Timeline[number]["event"], string] | null> = {
  activated: (d) => ["licence", `Machine activated: ${d}`],
  seat_freed: (d) => ["licence", `Seat freed: ${d}`],
  key_rotated: () => ["licence", "Licence key replaced"],
  revoked: (d) => ["licence", d ? `Licence revoked (${d})` : "Licence revoked"],
  restored: () => ["licence", "Licence restored"],
  extended: (d) => ["licence", `Licence extended by ${d}`],
  mail_resent: (d) => ["mail", `Mail ${d} queued again`],
  refund_asked: (d) => ["refund", `Refund asked: ${d}`],
  // Its mail is on the timeline with who asked for it.
  receipt_resent: () => null,
};

/**
 * The events and every mail of the order as timeline entries. A mail names who caused it from the
 * event that queued it (a receipt sent again, a replaced key), else the store (receipt, refund).
 */
export function storyOf(events: EventRow[], mails: AdminOrderDetail["mails"]): Timeline {
  const entries: Timeline = [];
  for (const e of events) {
    const text = TEXT[e.kind]?.(e.detail);
    if (text) entries.push({ at: e.createdAt.toISOString(), event: text[0], detail: text[1], by: whoDid(e) });
  }
  for (const m of mails)
    entries.push({ at: m.created_at, event: "mail", detail: `Mail ${m.kind} to ${m.to.join(", ")} (${m.status})`, by: m.by });
  return entries;
}

/** Who caused each mail: the event that names it, else the store. */
export function mailCauses(events: EventRow[]): Map<number, string> {
  const causes = new Map<number, string>();
  for (const e of events) if (e.mailId != null && e.kind !== "mail_resent") causes.set(e.mailId, whoDid(e));
  return causes;
}
