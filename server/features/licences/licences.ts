import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type {
  LicenceActivateRequest,
  LicenceCheckoutRequest,
  LicenceActivation,
  LicenceDeactivateRequest,
  LicenceValidateRequest,
  LicenceValidation,
} from "../../../contract/store";
import type { Db } from "../../platform/db/client";
import { licenceMachines, licences, orders, productVersions } from "../../platform/db/schema";
import { bare, names } from "../../platform/db/sql-names";
import { ConflictError, ForbiddenError, NotFoundError } from "../../platform/errors";
import { iso, queryRows } from "../../platform/db/query-rows";
import { type RateLimiter, throttlePerMinute } from "../../platform/rate-limit";
import type { ServiceDeps } from "../../platform/service-deps";
import { canonicalLicenceKey, licenceKeyHash } from "./licence-keys";
import { touchMachine } from "./machines";
import { recordOrderEvent } from "../audit";
import { orderEvents } from "../../platform/db/schema";
import { recordActivation, refuseChurn } from "./churn";
import { DEFAULT_FILE_DAYS, keyHint, licenceFile } from "./licence-file";
import type { LicenceRow } from "./licence-row";
import type { LicenceSigner } from "./licence-signer";
import type { LicenceFilePayload } from "../../../contract/licence-file";

const SEEN_EVERY_MS = 3_600_000;

const lic = alias(licences, "l");
const ord = alias(orders, "o");
const ver = alias(productVersions, "pv");
const seat = alias(licenceMachines, "m");

/** One indexed lookup: the licence, its version, its machine count and this fingerprint's seat. */
const licenceLookup = (hash: string, fingerprint: string | null) => sql`
    select ${lic.id}, ${lic.orderId}, floor(extract(epoch from ${lic.expiresAt}) * 1000)::float8 as expires_ms,
      ${lic.revokedAt} is not null as revoked, ${lic.machineLimit}, ${ver.productId}, ${ver.version},
      (select count(*)::int from ${licenceMachines} ${seat} where ${seat.licenceId} = ${lic.id}) as machines,
      ${seat.id} is not null as activated, ${seat.id} as machine_id, ${seat.activatedAt},
      floor(extract(epoch from ${seat.lastSeenAt}) * 1000)::float8 as last_seen_ms
    from ${licences} ${lic} join ${orders} ${ord} on ${ord.id} = ${lic.orderId}
      join ${productVersions} ${ver} on ${ver.id} = ${ord.productVersionId}
      left join ${licenceMachines} ${seat} on ${seat.licenceId} = ${lic.id} and ${seat.fingerprint} = ${fingerprint}
    where ${lic.keyHash} = ${hash}`;

/**
 * The validation's lookup, the tools' hot path. Exported for the benchmark's bare baseline, which
 * runs this very call.
 */
// Raw SQL (decision 114): licence validation, the hot path measured in the bench (decisions 040, 053, 060).
export const lookUpLicence = (db: Pick<Db, "execute">, hash: string, fingerprint: string | null) =>
  queryRows<LicenceRow>(db, licenceLookup(hash, fingerprint));

const NOT_FOUND: LicenceValidation = { valid: false, code: "NOT_FOUND", product_id: null, version: null, expires_at: null };

/** Licence checks for the tools themselves. Keys are looked up by their keyed hash only. */
/** The licence calls' limiter counts in leases (decision 020); the secret keys the hash a licence is found by. */
export type LicencesDeps = ServiceDeps & {
  licenceRateLimiter: RateLimiter;
  licenceSecret: () => Promise<string>;
  licenceSigner: LicenceSigner;
};

export function createLicences(ctx: LicencesDeps) {
  const { db, now, licenceSigner } = ctx;

  async function hashOf(key: string): Promise<string | null> {
    const canonical = canonicalLicenceKey(key);
    return canonical ? licenceKeyHash(await ctx.licenceSecret(), canonical) : null;
  }

  function refuse(l: LicenceRow): void {
    if (l.revoked) throw new ConflictError("REVOKED: this licence has been revoked.", { key: "REVOKED" });
    if (l.expires_ms <= now().getTime()) throw new ConflictError("EXPIRED: this licence's term is over.", { key: "EXPIRED" });
  }

  /** The seat's last-seen time, written only when an hour old: most validations write nothing. */
  async function seen(exec: Db, l: LicenceRow): Promise<void> {
    if (!l.activated || l.machine_id == null) return;
    const at = now();
    if (l.last_seen_ms != null && l.last_seen_ms > at.getTime() - SEEN_EVERY_MS) return;
    await touchMachine(exec, Number(l.machine_id), at);
  }

  const activation = (l: LicenceRow, machineId: number, activatedAt: string, machines: number): LicenceActivation => ({
    machine_id: machineId,
    activated_at: iso(activatedAt) as string,
    machines,
    machine_limit: l.machine_limit,
    product_id: l.product_id,
    version: l.version,
    expires_at: new Date(l.expires_ms).toISOString(),
  });

  function refuseFile(l: LicenceRow): void {
    if (l.revoked) throw new ForbiddenError("REVOKED: this licence has been revoked; it gets no licence file.");
    if (l.expires_ms <= now().getTime()) throw new ForbiddenError("EXPIRED: this licence's term is over; it gets no licence file.");
  }

  /**
   * The seat of this fingerprint, taken when it has none. The licence row is locked (FOR UPDATE)
   * before counting its machines and its activations of the last 24 hours, so parallel activations
   * of one key queue up and never pass either limit. Freeing a seat deletes the machine, not its
   * activation: the day's count stays.
   */
  async function takeSeat(tx: Db, hash: string, fingerprint: string, name: string | null, refuseWith = refuse) {
    // Lock first, count in the next statement: under READ COMMITTED that statement's snapshot is
    // taken after the lock is granted, so it sees the seats the previous holder inserted.
    await tx.select({ id: licences.id }).from(licences).where(eq(licences.keyHash, hash)).for("update");
    const l = (await lookUpLicence(tx, hash, fingerprint))[0];
    if (!l) throw new NotFoundError("NOT_FOUND: there is no such licence key.");
    refuseWith(l);
    await seen(tx, l);
    if (l.activated)
      return { l, created: false, machineId: Number(l.machine_id), activatedAt: l.activated_at as string, machines: l.machines };
    if (l.machines >= l.machine_limit)
      throw new ConflictError(`TOO_MANY_MACHINES: this licence is already active on ${l.machine_limit} machines; deactivate one first.`, {
        fingerprint: "TOO_MANY_MACHINES",
      });
    const at = now();
    const licenceId = Number(l.id);
    const orderId = Number(l.order_id);
    await refuseChurn(tx, licenceId, at, ctx.config.LICENCE_ACTIVATIONS_PER_DAY);
    const [inserted] = await tx
      .insert(licenceMachines)
      .values({ licenceId, fingerprint, name, activatedAt: at, lastSeenAt: at })
      .returning({ id: licenceMachines.id });
    await recordActivation(tx, licenceId, fingerprint, at);
    await recordOrderEvent(tx, { orderId, kind: "activated", actor: "tool", detail: name ?? `machine #${inserted.id}`, at });
    // The first activation makes a placed order active.
    await tx
      .update(orders)
      .set({ status: "active" })
      .where(and(eq(orders.id, orderId), eq(orders.status, "placed")));
    return { l, created: true, machineId: inserted.id, activatedAt: at.toISOString(), machines: l.machines + 1 };
  }

  return {
    async validate(input: LicenceValidateRequest, clientIp: string): Promise<LicenceValidation> {
      await throttlePerMinute(ctx.licenceRateLimiter, `licence:${clientIp}`, ctx.config.LICENCE_RATE_LIMIT);
      const hash = await hashOf(input.key);
      if (!hash) return NOT_FOUND;
      const l = (await lookUpLicence(db, hash, input.fingerprint ?? null))[0];
      if (!l) return NOT_FOUND;
      await seen(db, l);
      // The expiry comes as epoch milliseconds: PostgreSQL's timestamp text would take V8's slow,
      // non-ISO date parser (about 3 µs of a validation's CPU, measured on the hot path).
      const expiresMs = l.expires_ms;
      const base = { product_id: l.product_id, version: l.version, expires_at: new Date(expiresMs).toISOString() };
      if (l.revoked) return { valid: false, code: "REVOKED", ...base };
      if (expiresMs <= now().getTime()) return { valid: false, code: "EXPIRED", ...base };
      if (input.fingerprint && !l.activated) {
        const full = l.machines >= l.machine_limit;
        return { valid: false, code: full ? "TOO_MANY_MACHINES" : "NOT_ACTIVATED", ...base };
      }
      return { valid: true, code: "VALID", ...base };
    },

    /**
     * Takes a seat. 201 new seat, 200 this machine again; 409 when every seat is taken, 429 past
     * the day's activations (takeSeat).
     */
    async activate(input: LicenceActivateRequest, clientIp: string): Promise<{ created: boolean; activation: LicenceActivation }> {
      await throttlePerMinute(ctx.licenceRateLimiter, `licence:${clientIp}`, ctx.config.LICENCE_RATE_LIMIT);
      const hash = await hashOf(input.key);
      if (!hash) throw new NotFoundError("NOT_FOUND: there is no such licence key.");
      return db.transaction(async (tx) => {
        const { l, created, machineId, activatedAt, machines } = await takeSeat(tx, hash, input.fingerprint, input.name ?? null);
        return { created, activation: activation(l, machineId, activatedAt, machines) };
      });
    },

    /**
     * An offline licence file for this fingerprint, activating it first when it holds no seat (the
     * same locked count as activate). A revoked or expired licence gets none (403).
     */
    async checkout(
      input: LicenceCheckoutRequest,
      clientIp: string,
    ): Promise<{ created: boolean; file: string; payload: LicenceFilePayload }> {
      await throttlePerMinute(ctx.licenceRateLimiter, `licence:${clientIp}`, ctx.config.LICENCE_RATE_LIMIT);
      const hash = await hashOf(input.key);
      if (!hash) throw new NotFoundError("NOT_FOUND: there is no such licence key.");
      const seatTaken = await db.transaction((tx) => takeSeat(tx, hash, input.fingerprint, null, refuseFile));
      const signer = await licenceSigner();
      const issued = licenceFile(signer, {
        licence: seatTaken.l,
        keyHint: keyHint(canonicalLicenceKey(input.key) as string),
        fingerprint: input.fingerprint,
        issuedAt: now(),
        ttlDays: input.ttl_days ?? DEFAULT_FILE_DAYS,
      });
      return { created: seatTaken.created, ...issued };
    },

    /** Frees this machine's seat; 404 when the key is unknown or the machine holds no seat. */
    async deactivate(input: LicenceDeactivateRequest, clientIp: string): Promise<{ machines: number }> {
      await throttlePerMinute(ctx.licenceRateLimiter, `licence:${clientIp}`, ctx.config.LICENCE_RATE_LIMIT);
      const hash = await hashOf(input.key);
      if (!hash) throw new NotFoundError("NOT_FOUND: there is no such licence key.");
      // Raw SQL (decision 114): a data-modifying CTE, the seat and its event in one statement, so the
      // order's story never misses a freed seat.
      const rows = await queryRows<{ machines: number }>(
        db,
        sql`with gone as (
            delete from ${licenceMachines} ${seat} using ${licences} ${lic}
            where ${lic.keyHash} = ${hash} and ${seat.licenceId} = ${lic.id} and ${seat.fingerprint} = ${input.fingerprint}
            returning ${seat.licenceId}, ${seat.id}, ${seat.name}, ${lic.orderId}),
          logged as (
            insert into ${orderEvents} (${names(orderEvents.orderId, orderEvents.kind, orderEvents.actor, orderEvents.detail, orderEvents.createdAt)})
            select gone.${bare(licences.orderId)}, 'seat_freed', 'tool', coalesce(gone.${bare(licenceMachines.name)}, 'machine #' || gone.${bare(licenceMachines.id)}),
              ${now().toISOString()} from gone)
          select (select count(*)::int from ${licenceMachines} where ${licenceMachines.licenceId} = gone.${bare(licenceMachines.licenceId)}) - 1 as machines
          from gone`,
      );
      if (!rows.length) throw new NotFoundError("This machine is not activated on that licence.");
      return { machines: Math.max(0, rows[0].machines) };
    },
  };
}

export type Licences = ReturnType<typeof createLicences>;
