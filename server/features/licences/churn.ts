import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { queryRows } from "../../platform/db/query-rows";
import { licenceActivations } from "../../platform/db/schema";
import { names } from "../../platform/db/sql-names";
import { ThrottledError } from "../../platform/errors";

const DAY_MS = 86_400_000;

/**
 * The activation churn limit: at most `perDay` new seats per licence in any 24 hours, so a shared
 * key cannot hop between machines by freeing and taking seats. Called under the licence row's lock
 * (licences.ts), so the count and the insert that follows are one step for parallel activations.
 * The limit-th newest activation of the window, when there is one, says when a slot frees.
 */
export async function refuseChurn(tx: Pick<Db, "execute">, licenceId: string, at: Date, perDay: number): Promise<void> {
  const since = new Date(at.getTime() - DAY_MS).toISOString();
  const [full] = await queryRows<{ at_ms: string }>(
    tx,
    sql`select floor(extract(epoch from ${licenceActivations.activatedAt}) * 1000)::float8 as at_ms from ${licenceActivations}
      where ${licenceActivations.licenceId} = ${licenceId} and ${licenceActivations.activatedAt} > ${since}
      order by ${licenceActivations.activatedAt} desc offset ${perDay - 1} limit 1`,
  );
  if (!full) return;
  const retryAfter = Math.max(1, Math.ceil((Number(full.at_ms) + DAY_MS - at.getTime()) / 1000));
  throw new ThrottledError(`ACTIVATION_LIMIT: this licence took ${perDay} new machines in the last 24 hours; try again later.`, retryAfter);
}

/** Logs a new seat for the churn count; activations older than the window are dropped on the way. */
export async function recordActivation(tx: Pick<Db, "execute">, licenceId: string, fingerprint: string, at: Date): Promise<void> {
  const since = new Date(at.getTime() - DAY_MS).toISOString();
  await tx.execute(
    sql`delete from ${licenceActivations} where ${licenceActivations.licenceId} = ${licenceId} and ${licenceActivations.activatedAt} <= ${since}`,
  );
  await tx.execute(
    sql`insert into ${licenceActivations} (${names(licenceActivations.licenceId, licenceActivations.fingerprint, licenceActivations.activatedAt)})
      values (${licenceId}, ${fingerprint}, ${at.toISOString()})`,
  );
}
