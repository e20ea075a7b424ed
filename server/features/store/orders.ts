import { eq, sql } from "drizzle-orm";
import type { ConfirmAnswer, ConfirmRequest, OrderPublicView } from "../../../contract/store";
import { coupons, licences, orders, products, productVersions } from "../../platform/db/schema";
import { checkoutSignature, signatureMatches } from "../../integrations/payments/signature";
import { InvalidInputError, NotFoundError } from "../../platform/errors";
import { type StoreContext, iso, rupees, throttle } from "./context";
import { fulfil } from "./fulfilment";
import { decryptLicenceKey } from "../licences";
import { orderAccessToken, receiptUrl, tokenMatches } from "./order-token";

export function createOrders(ctx: StoreContext) {
  const { db } = ctx;

  const load = async (orderId: number) =>
    (
      await db
        .select({
          id: orders.id,
          status: orders.status,
          productId: productVersions.productId,
          productName: products.name,
          version: productVersions.version,
          customerEmail: orders.customerEmail,
          customerName: orders.customerName,
          listAmountMinor: orders.listAmountMinor,
          discountMinor: orders.discountMinor,
          amountPaidMinor: orders.amountPaidMinor,
          coupon: coupons.code,
          provider: orders.provider,
          paymentId: orders.paymentId,
          providerOrderId: orders.providerOrderId,
          keyEncrypted: licences.keyEncrypted,
          revokedAt: licences.revokedAt,
          keyReplacedAt: licences.keyReplacedAt,
          // The licence's seats once issued, the version's before.
          machineLimit: sql`coalesce(${licences.machineLimit}, ${productVersions.machineLimit})`.mapWith(productVersions.machineLimit),
          createdAt: orders.createdAt,
          paidAt: orders.paidAt,
          expiresAt: orders.expiresAt,
          accessTokenHash: orders.accessTokenHash,
        })
        .from(orders)
        .innerJoin(productVersions, eq(productVersions.id, orders.productVersionId))
        .innerJoin(products, eq(products.id, productVersions.productId))
        .leftJoin(coupons, eq(coupons.id, orders.couponId))
        .leftJoin(licences, eq(licences.orderId, orders.id))
        .where(eq(orders.id, orderId))
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
      if (!order.providerOrderId || order.provider !== ctx.provider.name) throw bad();
      const expected = checkoutSignature(await ctx.provider.keySecret(), order.providerOrderId, input.razorpay_payment_id);
      // Both checks always run, so the answer's timing does not tell which one failed.
      const sameOrder = input.razorpay_order_id === order.providerOrderId;
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
      if (!order || !tokenMatches(order.accessTokenHash, token)) throw new NotFoundError("There is no such order.");
      const paid = order.status === "placed" || order.status === "active" || order.status === "expired";
      // A replaced key or a revoked licence closes this link: it shows what happened, never a key.
      const withdrawn = !paid
        ? null
        : order.revokedAt
          ? { reason: "revoked" as const, at: order.revokedAt.toISOString() }
          : order.keyReplacedAt
            ? { reason: "replaced" as const, at: order.keyReplacedAt.toISOString() }
            : null;
      const licenceKey =
        paid && order.keyEncrypted && !withdrawn ? decryptLicenceKey(await ctx.secrets.licenceSecret(), order.keyEncrypted) : null;
      return {
        order_id: order.id,
        status: order.status,
        product_id: order.productId,
        product_name: order.productName,
        version: order.version,
        email: order.customerEmail,
        name: order.customerName,
        amount: rupees(order.listAmountMinor),
        discount: rupees(order.discountMinor),
        total: rupees(order.amountPaidMinor),
        currency: "INR",
        coupon: order.coupon,
        provider: order.provider ?? "",
        payment_id: order.paymentId,
        licence_key: licenceKey,
        key_withdrawn: withdrawn,
        machine_limit: order.machineLimit,
        created_at: order.createdAt.toISOString(),
        paid_at: iso(order.paidAt),
        expires_at: iso(order.expiresAt),
      };
    },
  };
}
