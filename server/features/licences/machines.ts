import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { licenceMachines } from "../../platform/db/schema";
import { type OrderEventActor, recordOrderEvent } from "../audit";

/** Who freed a seat, for the order's story (the customer on the account page, or an admin). */
export type SeatFreedBy = { actor: OrderEventActor; adminId?: number | null; at: Date };

/**
 * Frees one seat: deletes that machine row of that licence and records who did it, in the caller's
 * transaction. True when one was deleted (false for an unknown machine, or a machine of another
 * licence). The tool on that machine is told NOT_ACTIVATED at its next validation and may activate
 * again while seats are free.
 */
export async function releaseMachine(db: Db, licenceId: number, machineId: number, by: SeatFreedBy): Promise<boolean> {
  const gone = await db
    .delete(licenceMachines)
    .where(and(eq(licenceMachines.id, machineId), eq(licenceMachines.licenceId, licenceId)))
    .returning({ id: licenceMachines.id, name: licenceMachines.name });
  if (!gone.length) return false;
  await recordOrderEvent(db, { licenceId, kind: "seat_freed", ...by, detail: gone[0].name ?? `machine #${machineId}` });
  return true;
}

/**
 * Records that a machine was seen, at most once an hour: the condition makes every other call within
 * the hour match no row, so it writes nothing.
 */
export async function touchMachine(db: Db, machineId: number, at: Date): Promise<void> {
  await db
    .update(licenceMachines)
    .set({ lastSeenAt: at })
    .where(
      and(
        eq(licenceMachines.id, machineId),
        or(isNull(licenceMachines.lastSeenAt), lt(licenceMachines.lastSeenAt, new Date(at.getTime() - 3_600_000))),
      ),
    );
}
