import { getTableName, sql } from "drizzle-orm";
import {
  COUPON_REASON_TEXT,
  type CouponReason,
  type CreatedOrder,
  type CreateOrderRequest,
  type Quote,
  type QuoteRequest,
} from "../../../contract/store";
import { queryRows } from "../../platform/db/query-rows";
import { coupons, orders } from "../../platform/db/schema";
import { bare, nameLiteral, names } from "../../platform/db/sql-names";
import { PaymentProviderError } from "../../integrations/payments/razorpay-provider";
import { ConflictError, InvalidInputError, NotFoundError, UnavailableError } from "../../platform/errors";
import type { Catalogue, SaleVersion } from "../catalogue";
import { quoteTax, saleTax } from "../invoices";
import { PENDING_MINUTES, type StoreContext, discountMinor, iso, rupees, throttle } from "./context";
import { fulfil } from "./fulfilment";
import { orderAccessToken, receiptUrl, tokenHash } from "./order-token";

type CouponRow = {
  id: number;
  product_version_id: number;
  discount_percent: number;
  used_at: string | null;
  voided_at: string | null;
  expires_at: string | null;
  reserved_order_id: string | number | null;
};

const NEXT_ORDER_ID = sql`select nextval(pg_get_serial_sequence(${nameLiteral(getTableName(orders))}, ${nameLiteral(orders.id.name)})) as id`;
const o = orders;
const ORDER_COLUMNS = names(
  o.id,
  o.productVersionId,
  o.customerEmail,
  o.customerName,
  o.listAmountMinor,
  o.discountMinor,
  o.amountPaidMinor,
  o.currency,
  o.couponId,
  o.provider,
  o.providerOrderId,
  o.accessTokenHash,
  o.status,
  o.createdAt,
  o.expiresAt,
  o.billingStateCode,
  o.billingGstin,
  o.billingLegalName,
  o.billingAddress,
  o.taxMinor,
  o.taxRateBp,
);

export type CouponCheck = { code: string; valid: true; id: number; percent: number } | { code: string; valid: false; reason: CouponReason };

/** Why a coupon cannot be used for `versionId` now, if it cannot. A reserved coupon counts as used. */
function couponReason(row: CouponRow | undefined, versionId: number, now: Date): CouponReason | null {
  if (!row) return "unknown";
  if (Number(row.product_version_id) !== versionId) return "other_product";
  if (row.voided_at) return "void";
  if (row.used_at || row.reserved_order_id != null) return "used";
  if (row.expires_at && new Date(row.expires_at) <= now) return "expired";
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
    const rows = await queryRows<CouponRow>(
      db,
      sql`select ${coupons.id}, ${coupons.productVersionId}, ${coupons.discountPercent}, ${coupons.usedAt}, ${coupons.voidedAt},
        ${coupons.expiresAt}, ${coupons.reservedOrderId} from ${coupons} where ${coupons.code} = ${code}`,
    );
    const reason = couponReason(rows[0], versionId, now());
    return reason
      ? { code, valid: false, reason }
      : { code, valid: true, id: Number(rows[0].id), percent: Number(rows[0].discount_percent) };
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
      const orderId = Number((await queryRows<{ id: string }>(db, NEXT_ORDER_ID))[0].id);
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
      const insert = sql`insert into ${orders} (${ORDER_COLUMNS})
        values (${orderId}, ${v.id}, ${input.email}, ${input.name}, ${p.amountMinor}, ${p.discountMinor}, ${p.totalMinor}, 'INR',
          ${coupon?.valid ? coupon.id : null}, ${provider.name}, ${providerOrderId}, ${tokenHash(orderAccessToken(secret, orderId))},
          'pending', ${created.toISOString()}, ${expiresAt.toISOString()}, ${input.billing?.state_code ?? null},
          ${input.billing?.gstin ?? null}, ${input.billing?.legal_name ?? null}, ${input.billing?.address ?? null},
          ${p.tax ? p.tax.cgst + p.tax.sgst + p.tax.igst : null}, ${p.tax ? Math.round(p.tax.ratePercent * 100) : null})`;
      if (!coupon?.valid) await db.execute(insert);
      else {
        await db.transaction(async (tx) => {
          await tx.execute(insert);
          const reserved = await queryRows<{ id: number }>(
            tx,
            sql`update ${coupons} set ${bare(coupons.reservedOrderId)} = ${orderId}
              where ${coupons.id} = ${coupon.id} and ${coupons.reservedOrderId} is null and ${coupons.usedAt} is null
                and ${coupons.voidedAt} is null and (${coupons.expiresAt} is null or ${coupons.expiresAt} > ${created.toISOString()})
              returning ${coupons.id}`,
          );
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
