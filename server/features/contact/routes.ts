import { SuccessMessageSchema } from "../../../contract/common";
import {
  CONTACT_MESSAGES,
  ContactSchema,
  bulkDoneMessage,
  isCampusInput,
  MessageBulkDoneSchema,
  MessageBulkSchema,
  MessageIdParamsSchema as IdParamsSchema,
  MessageListQuerySchema,
  MessageListSchema,
  MessageStatusUpdatedSchema,
  MessageStatusUpdateSchema,
} from "../../../contract/contact";
import { actorOf } from "../../api/actor";
import { defineOperation } from "../../api/operation";

export const contactOperations = [
  defineOperation({
    method: "post",
    path: "/contact-general",
    operationId: "sendContactMessage",
    tags: ["Contact"],
    summary: "Send a contact message (home form or campus form)",
    description:
      "Stores a message from the home page form or, when orgType is present, the CAMPUS request form. " +
      "Answers after the message is committed; throttled per client address.",
    body: ContactSchema,
    // The service validates (it is shared with the pages' no-JS form actions).
    bodyValidatedByService: true,
    form: { jsonFields: [] },
    ok: [201, SuccessMessageSchema],
    errors: [400, 413, 415, 429],
    handler: async (c, { body }) => {
      const campus = isCampusInput(body);
      await c.get("services").contact.submit(campus ? "campus" : "general", body, c.get("clientIp"));
      return { status: "success", message: campus ? CONTACT_MESSAGES.campusSuccess : CONTACT_MESSAGES.generalSuccess };
    },
  }),
];

export const messageOperations = [
  defineOperation({
    method: "get",
    path: "/admin/messages",
    operationId: "listContactMessages",
    tags: ["Messages"],
    summary: "List contact messages, newest first",
    description:
      "One page of contact messages, optionally of one source or status or matching q (name, e-mail or text, case-insensitive), " +
      "with the total count.",
    admin: true,
    query: MessageListQuerySchema,
    ok: [200, MessageListSchema],
    errors: [400],
    handler: async (c, { query }) => c.get("services").messages.list(query),
  }),
  defineOperation({
    method: "patch",
    path: "/admin/messages/{id}",
    operationId: "setContactMessageStatus",
    tags: ["Messages"],
    summary: "Mark a contact message new, read or archived",
    description: "Sets one message's status and answers the updated message.",
    admin: true,
    params: IdParamsSchema,
    body: MessageStatusUpdateSchema,
    ok: [200, MessageStatusUpdatedSchema],
    errors: [400, 404, 415],
    handler: async (c, { params, body }) => {
      const updated = await c.get("services").messages.setStatus(params.id, body.status, actorOf(c));
      return { status: "success", message: `Message marked ${body.status}.`, contactMessage: updated };
    },
  }),
  defineOperation({
    method: "delete",
    path: "/admin/messages/{id}",
    operationId: "deleteContactMessage",
    tags: ["Messages"],
    summary: "Delete a contact message",
    description: "Removes one message for good; audited (without its text).",
    admin: true,
    params: IdParamsSchema,
    ok: [200, SuccessMessageSchema],
    errors: [404],
    handler: async (c, { params }) => {
      await c.get("services").messages.remove(params.id, actorOf(c));
      return { status: "success", message: "Message deleted." };
    },
  }),
  defineOperation({
    method: "post",
    path: "/admin/messages/bulk",
    operationId: "bulkContactMessages",
    tags: ["Messages"],
    summary: "Mark read, archive or delete several messages",
    description: "One action on 1 to 100 messages by id, in one statement; unknown ids are skipped; affected says how many changed.",
    admin: true,
    body: MessageBulkSchema,
    ok: [200, MessageBulkDoneSchema],
    errors: [400, 415],
    handler: async (c, { body }) => {
      const affected = await c.get("services").messages.bulk(body, actorOf(c));
      return { status: "success", message: bulkDoneMessage(body.action, affected), affected };
    },
  }),
];
