import type { Context } from "hono";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { z } from "zod";
import {
  MyQuestSubmissionsSchema,
  QuestFlagInputSchema,
  QuestSubmissionAnswerSchema,
  QuestSubmissionInputSchema,
} from "../../../contract/quest-submissions";
import { defineOperation } from "../../api/operation";
import type { AdminEnv } from "../../api/require-admin";
import { HttpError } from "../../platform/http/errors";
import { readBody } from "../../platform/http/validate";
import { requireCustomer } from "../customers";

const IdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const CUSTOMER = "Needs the customer session cookie and X-Requested-With: XMLHttpRequest.";
const SUBMIT =
  "JSON, or multipart/form-data with the same fields (`links` one per line) and an optional `file` (at most 10 MB, stored " +
  "privately; 413 over it and nothing is kept). Text up to 10,000 characters, up to 5 http(s) links; `display_name` at the first " +
  "submission. 409 before the quest opens, after its deadline, when it is not open, for a second submission or once triaged. " +
  CUSTOMER;

/** One handler for POST and PUT: JSON read here, multipart streamed by the service. */
async function submit(c: Context<AdminEnv>, questId: number, edit: boolean) {
  const { customer } = await requireCustomer(c);
  const type = c.req.header("content-type") ?? "";
  const submissions = c.get("services").questSubmissions;
  const submission = type.toLowerCase().startsWith("multipart/form-data")
    ? await submissions.submitForm(customer.id, questId, c.req.raw.body as WebReadableStream<Uint8Array> | null, type, edit)
    : await submissions.submit(customer.id, questId, await readBody(c, QuestSubmissionInputSchema), edit);
  return { status: "success" as const, submission };
}

/** The attachment as a download that never renders in the browser. */
async function sendAttachment(file: { path: string; filename: string }) {
  const info = await stat(file.path).catch(() => null);
  if (!info?.isFile()) throw new HttpError(404, "This attachment's file is missing.");
  const stream = Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>;
  return new Response(stream, {
    status: 200,
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Content-Length": String(info.size),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}

export const questSubmissionOperations = [
  defineOperation({
    method: "post",
    path: "/quests/{id}/submissions",
    operationId: "createQuestSubmission",
    tags: ["Quests"],
    summary: "Take part in a quest: send a submission",
    description: `${SUBMIT} With \`edit: true\` it changes the participant's own submission, as PUT does.`,
    params: IdParams,
    ok: [201, QuestSubmissionAnswerSchema],
    errors: [400, 401, 403, 404, 409, 413, 415],
    handler: (c, { params }) => submit(c, params.id, false),
  }),
  defineOperation({
    method: "put",
    path: "/quests/{id}/submissions",
    operationId: "updateQuestSubmission",
    tags: ["Quests"],
    summary: "Change one's own submission until it is triaged",
    description: SUBMIT,
    params: IdParams,
    ok: [200, QuestSubmissionAnswerSchema],
    errors: [400, 401, 403, 404, 409, 413, 415],
    handler: (c, { params }) => submit(c, params.id, true),
  }),
  defineOperation({
    method: "post",
    path: "/quests/{id}/flag",
    operationId: "sendQuestFlag",
    tags: ["Quests"],
    summary: "Send a flag quest's flag",
    description: `The right flag makes the participant's submission, accepted at once (one per participant, however many arrive at once). Each try counts: after 5 in 10 minutes, 429 with Retry-After. ${CUSTOMER}`,
    params: IdParams,
    body: QuestFlagInputSchema,
    ok: [201, QuestSubmissionAnswerSchema],
    errors: [400, 401, 403, 404, 409, 415, 429],
    handler: async (c, { params, body }) => {
      const { customer } = await requireCustomer(c);
      return { status: "success" as const, submission: await c.get("services").questSubmissions.flag(customer.id, params.id, body.flag) };
    },
  }),
  defineOperation({
    method: "get",
    path: "/account/quests",
    operationId: "listMyQuestSubmissions",
    tags: ["CustomerAccount"],
    summary: "The participant's quest submissions",
    description: `Newest first, with each one's state. ${CUSTOMER}`,
    ok: [200, MyQuestSubmissionsSchema],
    errors: [401],
    handler: async (c) => {
      const { customer } = await requireCustomer(c);
      return { status: "success" as const, submissions: await c.get("services").questSubmissions.mine(customer.id) };
    },
  }),
  defineOperation({
    method: "get",
    path: "/account/quests/submissions/{id}/attachment",
    operationId: "downloadMyQuestAttachment",
    tags: ["CustomerAccount"],
    summary: "Download one's own submission's attachment",
    description: `Served as an attachment with nosniff; another participant's answers 404. ${CUSTOMER}`,
    params: IdParams,
    ok: [200, z.unknown()],
    errors: [401, 404],
    handler: async (c, { params }) => {
      const { customer } = await requireCustomer(c);
      return sendAttachment(await c.get("services").questSubmissions.attachment(params.id, customer.id));
    },
  }),
  defineOperation({
    method: "get",
    path: "/admin/quests/submissions/{id}/attachment",
    operationId: "downloadQuestAttachment",
    tags: ["Quests"],
    summary: "Download a submission's attachment",
    description: "Served as an attachment with nosniff, never rendered.",
    admin: true,
    params: IdParams,
    ok: [200, z.unknown()],
    errors: [404],
    handler: async (c, { params }) => sendAttachment(await c.get("services").questSubmissions.attachment(params.id, null)),
  }),
];
