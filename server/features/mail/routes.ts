import {
  OutboxIdParamsSchema as IdParamsSchema,
  OutboxListQuerySchema,
  OutboxListSchema,
  OutboxPreviewSchema,
  OutboxResentSchema,
} from "../../../contract/outbox";
import { actorOf } from "../../api/actor";
import { defineOperation } from "../../api/operation";

/** The admin Outbox: every mail the site wrote, its delivery state, preview and Resend. */
export const outboxOperations = [
  defineOperation({
    method: "get",
    path: "/admin/outbox",
    operationId: "listOutboxMails",
    tags: ["Outbox"],
    summary: "List outbox mails, newest first",
    description:
      "One page of every mail the site wrote (contact notifications, receipts, password resets, invitations), " +
      "optionally of one status, with the total count. Bodies are left out; see the preview.",
    admin: true,
    query: OutboxListQuerySchema,
    ok: [200, OutboxListSchema],
    errors: [400],
    handler: async (c, { query }) => c.get("services").outbox.list(query),
  }),
  defineOperation({
    method: "get",
    path: "/admin/outbox/{id}",
    operationId: "previewOutboxMail",
    tags: ["Outbox"],
    summary: "Preview one outbox mail",
    description: "The mail as the relay gets it: its headers, HTML part and plain-text part.",
    admin: true,
    params: IdParamsSchema,
    ok: [200, OutboxPreviewSchema],
    errors: [404],
    handler: async (c, { params }) => c.get("services").outbox.preview(params.id),
  }),
  defineOperation({
    method: "post",
    path: "/admin/outbox/{id}/resend",
    operationId: "resendOutboxMail",
    tags: ["Outbox"],
    summary: "Send an outbox mail again",
    description: "Queues the mail to be sent again now with fresh tries and the same Message-ID (it is the same mail).",
    admin: true,
    params: IdParamsSchema,
    ok: [200, OutboxResentSchema],
    errors: [404],
    handler: async (c, { params }) => {
      const item = await c.get("services").outbox.resend(params.id, actorOf(c));
      return { status: "success" as const, message: "The mail is queued to be sent again.", item };
    },
  }),
];
