import { z } from "zod";
import {
  ConfirmAnswerSchema,
  ConfirmRequestSchema,
  CreatedOrderSchema,
  CreateOrderRequestSchema,
  OrderPublicViewSchema,
  OrderTokenQuerySchema,
  QuoteRequestSchema,
  QuoteSchema,
  StoreProductListSchema,
} from "../../../contract/store";
import { defineOperation } from "../../api/operation";

const OrderParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** The public store: catalogue, checkout and the buyer's view of an order. */
export const storeOperations = [
  defineOperation({
    method: "get",
    path: "/store/products",
    operationId: "listStoreProducts",
    tags: ["Store"],
    summary: "Product versions for sale",
    description: "Versions the admin marked for sale with a price above 0 and not archived; amounts in rupees (INR).",
    ok: [200, StoreProductListSchema],
    handler: (c) => c.get("services").store.catalogue.listForSale(),
  }),
  defineOperation({
    method: "post",
    path: "/checkout/quote",
    operationId: "quoteCheckout",
    tags: ["Store"],
    summary: "Price of a version with a coupon applied",
    description: "A bad coupon is not an error: `coupon.valid` is false and `coupon.reason` says why. Throttled per client IP.",
    body: QuoteRequestSchema,
    ok: [200, QuoteSchema],
    errors: [400, 404, 413, 415, 429],
    handler: (c, { body }) => c.get("services").store.checkout.quote(body, c.get("clientIp")),
  }),
  defineOperation({
    method: "post",
    path: "/checkout/orders",
    operationId: "createOrder",
    tags: ["Store"],
    summary: "Create a pending order",
    description:
      "Reserves the coupon for this order (409 with errors.coupon when another order holds or used it) and answers the payment " +
      "provider's checkout options and the order's access token. The order expires after 30 minutes unpaid. Throttled per client IP.",
    body: CreateOrderRequestSchema,
    ok: [201, CreatedOrderSchema],
    errors: [400, 404, 409, 413, 415, 429, 503],
    handler: (c, { body }) => c.get("services").store.checkout.createOrder(body, c.get("clientIp")),
  }),
  defineOperation({
    method: "post",
    path: "/checkout/orders/{id}/confirm",
    operationId: "confirmOrder",
    tags: ["Store"],
    summary: "Confirm a payment by its signature",
    description:
      "Razorpay's checkout answer: the signature (hex HMAC-SHA256 of order_id|payment_id) is checked against the provider order id " +
      "stored with the order. Issues the licence; a second confirm answers the same. Wrong signature: 400 and nothing changes.",
    params: OrderParamsSchema,
    body: ConfirmRequestSchema,
    ok: [200, ConfirmAnswerSchema],
    errors: [400, 404, 409, 413, 415, 429],
    handler: (c, { params, body }) => c.get("services").store.orders.confirm(params.id, body, c.get("clientIp")),
  }),
  defineOperation({
    method: "get",
    path: "/checkout/orders/{id}",
    operationId: "getOrder",
    tags: ["Store"],
    summary: "The order as its buyer sees it",
    description:
      "Needs the order's access token (given when the order was created). The receipt page polls this until the order is placed.",
    params: OrderParamsSchema,
    query: OrderTokenQuerySchema,
    ok: [200, OrderPublicViewSchema],
    errors: [400, 404],
    handler: (c, { params, query }) => {
      c.header("Cache-Control", "no-store");
      return c.get("services").store.orders.publicView(params.id, query.token);
    },
  }),
  defineOperation({
    method: "post",
    path: "/payments/razorpay/webhook",
    operationId: "razorpayWebhook",
    tags: ["Store"],
    summary: "Razorpay webhook",
    description:
      "X-Razorpay-Signature is the hex HMAC-SHA256 of the raw body with the webhook secret (bad: 400); X-Razorpay-Event-Id is " +
      "de-duplicated. payment.captured and order.paid fulfil the order, payment.failed fails it and frees its coupon, refund.processed " +
      "records the refund with its credit note (the order refunded and its licence revoked once refunds reach what was paid). " +
      "An amount or currency that does not match the order: 400, nothing changes; a refund of a payment that is not ours: 200, ignored.",
    ok: [200, z.object({ status: z.literal("success") })],
    errors: [400, 413],
    handler: async (c) => {
      // The signature covers the raw bytes: the body is read as text and parsed only after the check.
      const raw = await c.req.text();
      await c.get("services").store.webhook.handle(raw, c.req.header("x-razorpay-signature"), c.req.header("x-razorpay-event-id"));
      return { status: "success" as const };
    },
  }),
];
