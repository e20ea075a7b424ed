import { desc, eq } from "drizzle-orm";
import { generateCouponCode } from "../../../contract/coupon-code";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { coupons, productVersions } from "../../platform/db/schema";
import { NotFoundError } from "../../platform/errors";

/**
 * A single-use coupon of `percent` off `productId`, a quest's prize. Coupons belong to one version:
 * the product's newest version is the one a winner would buy now. Written in the caller's
 * transaction so the coupon exists exactly when the submission is paid.
 */
export async function issuePrizeCoupon(
  tx: Db,
  config: Pick<Config, "COUPON_PREFIX">,
  prize: { productId: string; percent: number; note: string },
): Promise<{ id: number; code: string; version: string }> {
  const [version] = await tx
    .select({ id: productVersions.id, version: productVersions.version })
    .from(productVersions)
    .where(eq(productVersions.productId, prize.productId))
    .orderBy(desc(productVersions.id))
    .limit(1);
  if (!version) throw new NotFoundError(`The catalogue has no product ${prize.productId} to give a coupon for.`);
  const code = generateCouponCode(config.COUPON_PREFIX);
  const [row] = await tx
    .insert(coupons)
    .values({ code, productVersionId: version.id, discountPercent: prize.percent, note: prize.note })
    .returning({ id: coupons.id });
  return { id: row.id, code, version: version.version };
}
