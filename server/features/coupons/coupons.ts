import { indiaDayAfter } from "../../../contract/time";
import { and, eq, isNull, sql } from "drizzle-orm";
import { couponCodePattern, type CouponBatch } from "../../../contract/coupons";
import { coupons } from "../../platform/db/schema";
import { ConflictError, InvalidInputError } from "../../platform/errors";
import type { Audit } from "../audit";
import { isUniqueViolation } from "../../platform/db/db-errors";
import type { ServiceDeps } from "../../platform/service-deps";
import type { Actor } from "../../platform/actor";
import type { Products } from "../catalogue";

/** Advisory lock key held by each coupon batch's transaction (an arbitrary constant, unique in this app). */
const COUPON_BATCH_LOCK = 7_301_001;

export type RedeemedCoupon = { id: number; code: string; productVersionId: number; discountPercent: number; usedAt: Date };

export function createCoupons({ db, config, now, audit, products }: ServiceDeps & { audit: Audit; products: Products }) {
  return {
    /**
     * Stores a batch of codes for one product version, all or nothing: one multi-row insert, so a
     * code that already exists (unique index) rejects the whole batch with 409.
     */
    async addBatch(batch: CouponBatch, actor: Actor): Promise<{ added: number; product_id: string; product_name: string }> {
      const pattern = couponCodePattern(config.COUPON_PREFIX);
      const errors: Record<string, string> = {};
      batch.coupons.forEach((code, i) => {
        if (!pattern.test(code)) errors[`coupons.${i}`] = `A code is ${config.COUPON_PREFIX} followed by 10 letters or digits.`;
      });
      if (Object.keys(errors).length) throw new InvalidInputError("Some coupon codes are malformed.", errors);
      // The codes work through the whole of their last day in India.
      const expiresAt = batch.expires_on ? new Date(indiaDayAfter(batch.expires_on).getTime() - 1) : null;
      if (expiresAt && expiresAt <= now()) {
        throw new InvalidInputError("The expiry date has passed.", { expires_on: "Choose today or a later day." });
      }
      const version = await products.findVersion(batch.product_id, batch.version);
      try {
        await db.transaction(async (tx) => {
          // Batches sharing codes in different orders would each hold one code's unique-index entry
          // and wait for the other's: PostgreSQL's deadlock detector would then fail one with a 500. Batches
          // are rare admin actions, so they take turns; the later one gets the unique violation (409).
          // (Sorting the codes would also avoid the deadlock but would reorder the admin's list.)
          // Raw SQL (decision 114): a lock function's call, which the builder writes only with a FROM.
          await tx.execute(sql`select pg_advisory_xact_lock(${COUPON_BATCH_LOCK})`);
          await tx.insert(coupons).values(
            batch.coupons.map((code) => ({
              code,
              productVersionId: version.id,
              discountPercent: batch.discount_percentage,
              expiresAt,
              note: batch.note || null,
            })),
          );
          await audit.record(
            {
              ...actor,
              action: "coupon.create_batch",
              entity: "product_version",
              entityId: version.id,
              detail: { count: batch.coupons.length, discount: batch.discount_percentage, expires_on: batch.expires_on, note: batch.note },
            },
            tx,
          );
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError("At least one of these coupon codes already exists; nothing was stored.");
        throw err;
      }
      // The product as the catalogue names it (the batch may have named it by id or by name).
      return { added: batch.coupons.length, product_id: version.productId, product_name: version.productName };
    },

    /**
     * Marks a coupon used. One conditional statement: of any number of parallel calls for the same
     * code exactly one gets the row back; the others (and unknown codes) get null.
     */
    async redeem(code: string): Promise<RedeemedCoupon | null> {
      const rows = await db
        .update(coupons)
        .set({ usedAt: sql`now()` })
        .where(and(eq(coupons.code, code), isNull(coupons.usedAt)))
        .returning({
          id: coupons.id,
          code: coupons.code,
          productVersionId: coupons.productVersionId,
          discountPercent: coupons.discountPercent,
          usedAt: coupons.usedAt,
        });
      const [r] = rows;
      if (rows.length !== 1 || !r.usedAt) return null;
      return { ...r, usedAt: r.usedAt };
    },
  };
}
