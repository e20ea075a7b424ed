import { and, eq, gt, isNull, or } from "drizzle-orm";
import {
  COUPON_REASON_TEXT,
  type CouponReason,
  type CreatedOrder,
  type CreateOrderRequest,
  type Quote,
  type QuoteRequest,
} from "../../../contract/store";
import type { Db } from "../../platform/db/client";
import { coupons, orders } from "../../platform/db/schema";
import { PaymentProviderError } from "../../integrations/payments/razorpay-provider";
import { ConflictError, InvalidInputError, NotFoundError, UnavailableError } from "../../platform/errors";
import type { Catalogue, SaleVersion } from "../catalogue";
import { quoteTax, saleTax } from "../invoices";
import { PENDING_MINUTES, type StoreContext, discountMinor, iso, rupees, throttle } from "./context";
import { fulfil } from "./fulfilment";
import { nextOrderId } from "./next-order-id";
import { orderAccessToken, receiptUrl, tokenHash } from "./order-token";

const couponColumns = {
  id: coupons.id,
  productVersionId: coupons.productVersionId,
  discountPercent: coupons.discountPercent,
  usedAt: coupons.usedAt,
  voidedAt: coupons.voidedAt,
  expiresAt: coupons.expiresAt,
  reservedOrderId: coupons.reservedOrderId,
};
type CouponRow = Pick<typeof coupons.$inferSelect, keyof typeof couponColumns>;

export type CouponCheck = { code: string; valid: true; id: number; percent: number } | { code: string; valid: false; reason: CouponReason };

/** Why a coupon cannot be used for `versionId` now, if it cannot. A reserved coupon counts as used. */
function couponReason(row: CouponRow | undefined, versionId: number, now: Date): CouponReason | null {
  if (!row) return "unknown";
  if (row.productVersionId !== versionId) return "other_product";
  if (row.voidedAt) return "void";
  if (row.usedAt || row.reservedOrderId != null) return "used";
  if (row.expiresAt && row.expiresAt <= now) return "expired";
  return null;
}

export function createCheckout(ctx: StoreContext, catalogue: Catalogue) {
  const { db, now, provider } = ctx;

  async function versionFor(productId: string, version: string): Promise<SaleVersion> {
    const v = await catalogue.saleVersion(productId, version);
    if (!v) throw new NotFoundError("This product version is not for sale.");
    return v;
  }

  async function checkCoupon(code: string, versionId: number): Promise<CouponCheck> {
    const [row] = await db.select(couponColumns).from(coupons).where(eq(coupons.code, code));
    const reason = couponReason(row, versionId, now());
    return reason ? { code, valid: false, reason } : { code, valid: true, id: row.id, percent: row.discountPercent };
  }

  /** List price, discount, GST (null without a GSTIN) and the total; prices without tax get it added. */
  function price(v: SaleVersion, coupon: CouponCheck | null, billing: QuoteRequest["billing"]) {
    const discount = coupon?.valid ? discountMinor(v.amountMinor, coupon.percent) : 0;
    const tax = saleTax(ctx.config.site.tax, v.amountMinor - discount, billing);
    return { amountMinor: v.amountMinor, discountMinor: discount, totalMinor: tax ? tax.total : v.amountMinor - discount, tax };
  }

  return {
    /** The price with the coupon applied; a bad coupon is not an error, it says why. */
    async quote(input: QuoteRequest, clientIp?: string): Promise<Quote> {
      if (clientIp) await throttle(ctx, "checkout", clientIp);
      const v = await versionFor(input.product_id, input.version);
      const coupon = input.coupon ? await checkCoupon(input.coupon, v.id) : null;
      const p = price(v, coupon, input.billing);
      return {
        amount: rupees(p.amountMinor),
        discount: rupees(p.discountMinor),
        total: rupees(p.totalMinor),
        currency: "INR",
        coupon: coupon
          ? coupon.valid
            ? { code: coupon.code, valid: true, discount_percent: coupon.percent }
            : { code: coupon.code, valid: false, reason: coupon.reason }
          : null,
        tax: quoteTax(p.tax),
      };
    },

    /**
     * A pending order. Its coupon is reserved by one conditional UPDATE in the order's transaction,
     * checked on the affected rows: of many checkouts racing for one code, exactly one gets it.
     */
    async createOrder(input: CreateOrderRequest, clientIp: string): Promise<CreatedOrder> {
      await throttle(ctx, "checkout", clientIp);
      const v = await versionFor(input.product_id, input.version);
      const coupon = input.coupon ? await checkCoupon(input.coupon, v.id) : null;
      if (coupon && !coupon.valid) {
        const text = COUPON_REASON_TEXT[coupon.reason];
        if (coupon.reason === "used") throw new ConflictError(text, { coupon: text });
        throw new InvalidInputError(text, { coupon: text });
      }
      const p = price(v, coupon, input.billing);
      const created = now();
      const expiresAt = new Date(created.getTime() + PENDING_MINUTES * 60_000);

      // The id is taken first: Razorpay gets it as its receipt, and the access token is derived from it.
      const orderId = await nextOrderId(db);
      // Nothing to pay (a 100 % coupon): no provider order (Razorpay refuses amounts under ₹1); fulfilled below.
      const free = p.totalMinor === 0;
      let providerOrderId: string | null = null;
      if (!free) {
        try {
          ({ providerOrderId } = await provider.createOrder({
            amountMinor: p.totalMinor,
            currency: "INR",
            receipt: String(orderId),
            notes: { product: `${v.productId} ${v.version}` },
          }));
        } catch (err) {
          if (err instanceof PaymentProviderError)
            throw new UnavailableError("The payment provider is not answering. Please try again in a minute.");
          throw err;
        }
      }

      const secret = await ctx.secrets.licenceSecret();
      const insert = (exec: Db) =>
        exec.insert(orders).values({
          id: orderId,
          productVersionId: v.id,
          customerEmail: input.email,
          customerName: input.name,
          listAmountMinor: p.amountMinor,
          discountMinor: p.discountMinor,
          amountPaidMinor: p.totalMinor,
          currency: "INR",
          couponId: coupon?.valid ? coupon.id : null,
          provider: provider.name,
          providerOrderId,
          accessTokenHash: tokenHash(orderAccessToken(secret, orderId)),
          status: "pending",
          createdAt: created,
          expiresAt,
          billingStateCode: input.billing?.state_code ?? null,
          billingGstin: input.billing?.gstin ?? null,
          billingLegalName: input.billing?.legal_name ?? null,
          billingAddress: input.billing?.address ?? null,
          taxMinor: p.tax ? p.tax.cgst + p.tax.sgst + p.tax.igst : null,
          taxRateBp: p.tax ? Math.round(p.tax.ratePercent * 100) : null,
        });
      if (!coupon?.valid) await insert(db);
      else {
        await db.transaction(async (tx) => {
          await insert(tx);
          const reserved = await tx
            .update(coupons)
            .set({ reservedOrderId: orderId })
            .where(
              and(
                eq(coupons.id, coupon.id),
                isNull(coupons.reservedOrderId),
                isNull(coupons.usedAt),
                isNull(coupons.voidedAt),
                or(isNull(coupons.expiresAt), gt(coupons.expiresAt, created)),
              ),
            )
            .returning({ id: coupons.id });
          if (reserved.length !== 1) {
            const text = COUPON_REASON_TEXT.used;
            throw new ConflictError(text, { coupon: text });
          }
          // A free order is paid in the same transaction as its coupon's reservation: placed, coupon used, licence issued.
          if (free) await fulfil(ctx, tx, orderId, null, secret);
        });
      }

      const token = orderAccessToken(secret, orderId);
      return {
        order_id: orderId,
        status: free ? "placed" : "pending",
        amount: rupees(p.amountMinor),
        discount: rupees(p.discountMinor),
        total: rupees(p.totalMinor),
        currency: "INR",
        provider: provider.name,
        payment: { key_id: provider.keyId, provider_order_id: providerOrderId ?? "", amount: p.totalMinor, currency: "INR" },
        token,
        receipt_url: receiptUrl(orderId, token),
        expires_at: iso(expiresAt) as string,
      };
    },
  };
}
