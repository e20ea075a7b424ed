import { and, desc, eq, gt, lte } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { licenceActivations } from "../../platform/db/schema";
import { ThrottledError } from "../../platform/errors";

const DAY_MS = 86_400_000;

/**
 * The activation churn limit: at most `perDay` new seats per licence in any 24 hours, so a shared
 * key cannot hop between machines by freeing and taking seats. Called under the licence row's lock
 * (licences.ts), so the count and the insert that follows are one step for parallel activations.
 * The limit-th newest activation of the window, when there is one, says when a slot frees.
 */
export async function refuseChurn(tx: Db, licenceId: number, at: Date, perDay: number): Promise<void> {
  const since = new Date(at.getTime() - DAY_MS);
  const [full] = await tx
    .select({ at: licenceActivations.activatedAt })
    .from(licenceActivations)
    .where(and(eq(licenceActivations.licenceId, licenceId), gt(licenceActivations.activatedAt, since)))
    .orderBy(desc(licenceActivations.activatedAt))
    .offset(perDay - 1)
    .limit(1);
  if (!full) return;
  const retryAfter = Math.max(1, Math.ceil((full.at.getTime() + DAY_MS - at.getTime()) / 1000));
  throw new ThrottledError(`ACTIVATION_LIMIT: this licence took ${perDay} new machines in the last 24 hours; try again later.`, retryAfter);
}

/** Logs a new seat for the churn count; activations older than the window are dropped on the way. */
export async function recordActivation(tx: Db, licenceId: number, fingerprint: string, at: Date): Promise<void> {
  const since = new Date(at.getTime() - DAY_MS);
  await tx.delete(licenceActivations).where(and(eq(licenceActivations.licenceId, licenceId), lte(licenceActivations.activatedAt, since)));
  await tx.insert(licenceActivations).values({ licenceId, fingerprint, activatedAt: at });
}
