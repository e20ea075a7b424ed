import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ConfirmAnswer, ConfirmRequest, OrderPublicView, OrderStatus } from "../../../contract/store";
import { queryRows } from "../../platform/db/query-rows";
import { coupons, licences, orders, products, productVersions } from "../../platform/db/schema";
import { checkoutSignature, signatureMatches } from "../../integrations/payments/signature";
import { InvalidInputError, NotFoundError } from "../../platform/errors";
import { type StoreContext, iso, rupees, throttle } from "./context";
import { fulfil } from "./fulfilment";
import { decryptLicenceKey } from "../licences";
import { orderAccessToken, receiptUrl, tokenMatches } from "./order-token";

type ViewRow = {
  id: string;
  status: OrderStatus;
  product_id: string;
  product_name: string;
  version: string;
  customer_email: string;
  customer_name: string;
  list_amount_minor: string;
  discount_minor: string;
  amount_paid_minor: string;
  coupon: string | null;
  provider: string | null;
  payment_id: string | null;
  key_encrypted: string | null;
  revoked_at: string | null;
  key_replaced_at: string | null;
  machine_limit: number;
  created_at: string;
  paid_at: string | null;
  expires_at: string | null;
  access_token_hash: string | null;
  provider_order_id: string | null;
};

const o = alias(orders, "o");
const pv = alias(productVersions, "pv");
const p = alias(products, "p");
const c = alias(coupons, "c");
const l = alias(licences, "l");

export function createOrders(ctx: StoreContext) {
  const { db } = ctx;

  const load = async (orderId: number) =>
    (
      await queryRows<ViewRow>(
        db,
        sql`select ${o.id}, ${o.status}, ${pv.productId}, ${p.name} as product_name, ${pv.version}, ${o.customerEmail}, ${o.customerName},
          ${o.listAmountMinor}, ${o.discountMinor}, ${o.amountPaidMinor}, ${c.code} as coupon, ${o.provider}, ${o.paymentId},
          ${o.providerOrderId}, ${l.keyEncrypted}, ${l.revokedAt}, ${l.keyReplacedAt}, coalesce(${l.machineLimit}, ${pv.machineLimit}) as machine_limit,
          ${o.createdAt}, ${o.paidAt}, ${o.expiresAt}, ${o.accessTokenHash}
        from ${orders} ${o} join ${productVersions} ${pv} on ${pv.id} = ${o.productVersionId} join ${products} ${p} on ${p.id} = ${pv.productId}
          left join ${coupons} ${c} on ${c.id} = ${o.couponId} left join ${licences} ${l} on ${l.orderId} = ${o.id}
        where ${o.id} = ${orderId}`,
      )
    )[0];

  return {
    /**
     * Confirms a payment by Razorpay's checkout signature, checked in constant time against the
     * provider order id WE stored (not the one sent). Wrong: 400 and nothing changes. Repeated: the same 200.
     */
    async confirm(orderId: number, input: ConfirmRequest, clientIp?: string): Promise<ConfirmAnswer> {
      if (clientIp) await throttle(ctx, "checkout", clientIp);
      const order = await load(orderId);
      if (!order) throw new NotFoundError("There is no such order.");
      const bad = () =>
        new InvalidInputError("The payment signature does not match this order.", { razorpay_signature: "Does not match." });
      if (!order.provider_order_id || order.provider !== ctx.provider.name) throw bad();
      const expected = checkoutSignature(await ctx.provider.keySecret(), order.provider_order_id, input.razorpay_payment_id);
      // Both checks always run, so the answer's timing does not tell which one failed.
      const sameOrder = input.razorpay_order_id === order.provider_order_id;
      if (!signatureMatches(expected, input.razorpay_signature) || !sameOrder) throw bad();
      const secret = await ctx.secrets.licenceSecret();
      const done = await db.transaction((tx) => fulfil(ctx, tx, orderId, input.razorpay_payment_id, secret));
      return {
        status: done.status,
        licence_key: decryptLicenceKey(secret, done.licenceEncrypted),
        receipt_url: receiptUrl(orderId, orderAccessToken(secret, orderId)),
      };
    },

    /** The order as its buyer sees it, for the holder of its access token (anyone else: 404). */
    async publicView(orderId: number, token: string): Promise<OrderPublicView> {
      const order = Number.isSafeInteger(orderId) && orderId > 0 ? await load(orderId) : undefined;
      if (!order || !tokenMatches(order.access_token_hash, token)) throw new NotFoundError("There is no such order.");
      const paid = order.status === "placed" || order.status === "active" || order.status === "expired";
      // A replaced key or a revoked licence closes this link: it shows what happened, never a key.
      const withdrawn = !paid
        ? null
        : order.revoked_at
          ? { reason: "revoked" as const, at: iso(order.revoked_at) as string }
          : order.key_replaced_at
            ? { reason: "replaced" as const, at: iso(order.key_replaced_at) as string }
            : null;
      const licenceKey =
        paid && order.key_encrypted && !withdrawn ? decryptLicenceKey(await ctx.secrets.licenceSecret(), order.key_encrypted) : null;
      return {
        order_id: Number(order.id),
        status: order.status,
        product_id: order.product_id,
        product_name: order.product_name,
        version: order.version,
        email: order.customer_email,
        name: order.customer_name,
        amount: rupees(Number(order.list_amount_minor)),
        discount: rupees(Number(order.discount_minor)),
        total: rupees(Number(order.amount_paid_minor)),
        currency: "INR",
        coupon: order.coupon,
        provider: order.provider ?? "",
        payment_id: order.payment_id,
        licence_key: licenceKey,
        key_withdrawn: withdrawn,
        machine_limit: Number(order.machine_limit),
        created_at: iso(order.created_at) as string,
        paid_at: iso(order.paid_at),
        expires_at: iso(order.expires_at),
      };
    },
  };
}
