import {
  ActionDoneSchema,
  AdminOrderDetailSchema,
  LicenceChangedSchema,
  LicenceExtendSchema,
  LicenceIdParamsSchema,
  LicenceRevokeSchema,
  MachineParamsSchema,
  OrderIdParamsSchema,
  IdempotencyKeySchema,
  RefundRequestSchema,
  RefundStartedSchema,
} from "../../../contract/admin-order-detail";
import { InvalidInputError } from "../../platform/errors";
import { CustomerListQuerySchema, CustomerListSchema } from "../../../contract/admin-customers";
import { actorOf } from "../../api/actor";
import { defineOperation } from "../../api/operation";

/** The admin's order page (one order, its licence's actions, resend receipt) and the customer search. */
export const orderDeskOperations = [
  defineOperation({
    method: "get",
    path: "/admin/orders/{id}",
    operationId: "getAdminOrder",
    tags: ["Orders"],
    summary: "One order, whole",
    description:
      "Customer, product, coupon, amounts (rupees), payment and provider ids, the licence (last key group only) with its machines, " +
      "the mails sent for the order (no bodies), its refunds, what is left to refund, its invoice and credit notes, and a timeline " +
      "(created, paid, fulfilled, webhook events, refunds).",
    admin: true,
    params: OrderIdParamsSchema,
    ok: [200, AdminOrderDetailSchema],
    errors: [404],
    handler: (c, { params }) => c.get("services").orderDesk.get(params.id),
  }),
  defineOperation({
    method: "post",
    path: "/admin/orders/{id}/receipt",
    operationId: "resendOrderReceipt",
    tags: ["Orders"],
    summary: "Send the receipt again",
    description:
      "Queues the receipt mail (with the key) to the customer again; at most 3 an hour per order (429). 409 without a licence or with a revoked one.",
    admin: true,
    params: OrderIdParamsSchema,
    ok: [202, ActionDoneSchema],
    errors: [404, 409, 429],
    handler: async (c, { params }) => {
      await c.get("services").orderDesk.resendReceipt(params.id, actorOf(c));
      return { status: "success" as const, message: "The receipt is queued to be sent again." };
    },
  }),
  defineOperation({
    method: "post",
    path: "/admin/orders/{id}/refund",
    operationId: "refundOrder",
    tags: ["Orders"],
    summary: "Refund an order, in full or in part",
    description:
      "Refunds `amount` (rupees, at least 1) through the payment provider; `reason` goes to the audit log; `revoke_licence` " +
      "revokes the licence with a partial refund (refunding everything left always does). Send an `Idempotency-Key` header " +
      "(8-100 of A-Z a-z 0-9 _ . : -): the same key for the same order answers the same refund again, without a second refund. " +
      "The refund is `pending` until the provider confirms it (the `refund.processed` webhook); then it is `processed` and a " +
      "credit note is issued. 400 for more than is left; 409 for an unpaid, free or refunded order, or a key used for another " +
      "amount; 503 when the provider does not take it.",
    admin: true,
    params: OrderIdParamsSchema,
    body: RefundRequestSchema,
    ok: [200, RefundStartedSchema],
    errors: [400, 404, 409, 415, 503],
    handler: async (c, { params, body }) => {
      const header = c.req.header("idempotency-key");
      const key = header === undefined ? null : IdempotencyKeySchema.safeParse(header);
      if (key && !key.success)
        throw new InvalidInputError("The Idempotency-Key header is not a valid key.", {
          "Idempotency-Key": "8-100 of A-Z a-z 0-9 _ . : -",
        });
      return c.get("services").store.refunds.refund(params.id, body, key ? key.data : null, actorOf(c));
    },
  }),
  defineOperation({
    method: "delete",
    path: "/admin/licences/{id}/machines/{machine_id}",
    operationId: "releaseLicenceMachine",
    tags: ["Orders"],
    summary: "Free a machine's seat",
    description: "The machine's next validation answers NOT_ACTIVATED; 404 for a machine not on this licence.",
    admin: true,
    params: MachineParamsSchema,
    ok: [200, ActionDoneSchema],
    errors: [404],
    handler: async (c, { params }) => {
      await c.get("services").orderDesk.releaseMachine(params.id, params.machine_id, actorOf(c));
      return { status: "success" as const, message: "The machine's seat is free." };
    },
  }),
  defineOperation({
    method: "post",
    path: "/admin/licences/{id}/revoke",
    operationId: "revokeLicence",
    tags: ["Orders"],
    summary: "Revoke a licence",
    description: "The key validates as REVOKED from now on; the reason goes to the audit log. 409 when revoked already.",
    admin: true,
    params: LicenceIdParamsSchema,
    body: LicenceRevokeSchema,
    ok: [200, LicenceChangedSchema],
    errors: [400, 404, 409, 415],
    handler: async (c, { params, body }) => {
      const desk = c.get("services").orderDesk;
      return { status: "success" as const, licence: desk.stateOf(await desk.revoke(params.id, body.reason, actorOf(c))) };
    },
  }),
  defineOperation({
    method: "post",
    path: "/admin/licences/{id}/restore",
    operationId: "restoreLicence",
    tags: ["Orders"],
    summary: "Restore a revoked licence",
    description: "The key validates again (unless its term is over). 409 when it is not revoked.",
    admin: true,
    params: LicenceIdParamsSchema,
    ok: [200, LicenceChangedSchema],
    errors: [404, 409],
    handler: async (c, { params }) => {
      const desk = c.get("services").orderDesk;
      return { status: "success" as const, licence: desk.stateOf(await desk.restore(params.id, actorOf(c))) };
    },
  }),
  defineOperation({
    method: "post",
    path: "/admin/licences/{id}/extend",
    operationId: "extendLicence",
    tags: ["Orders"],
    summary: "Extend a licence's term",
    description: "Moves expires_at months (1-36) later; an expired licence whose new end is in the future validates again.",
    admin: true,
    params: LicenceIdParamsSchema,
    body: LicenceExtendSchema,
    ok: [200, LicenceChangedSchema],
    errors: [400, 404, 415],
    handler: async (c, { params, body }) => {
      const desk = c.get("services").orderDesk;
      return { status: "success" as const, licence: desk.stateOf(await desk.extend(params.id, body.months, actorOf(c))) };
    },
  }),
  defineOperation({
    method: "get",
    path: "/admin/customers",
    operationId: "listCustomers",
    tags: ["Orders"],
    summary: "Find customers",
    description:
      "20 a page, newest first; q is the start of an e-mail address or a name (any case), then sorted by e-mail. Each with their paid " +
      "orders, what they paid (rupees) and the last order's time; the total is counted up to 10,000.",
    admin: true,
    query: CustomerListQuerySchema,
    ok: [200, CustomerListSchema],
    errors: [400],
    handler: (c, { query }) => c.get("services").customerAdmin.list(query),
  }),
];
