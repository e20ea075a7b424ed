import { z } from "zod";
import { SuccessMessageSchema } from "../../../contract/common";
import { QuestCreatedSchema, QuestCreateSchema, QuestListSchema, QuestUpdatedSchema, QuestUpdateSchema } from "../../../contract/quests";
import { SubmissionMovedSchema, SubmissionMoveSchema } from "../../../contract/quest-review";
import { actorOf } from "../../api/actor";
import { defineOperation } from "../../api/operation";

const Id = z.coerce.number().int().min(1).max(2_147_483_647);
const IdParams = z.object({ id: Id });
const SubmissionParams = z.object({ questId: Id, id: Id });

export const questOperations = [
  defineOperation({
    method: "post",
    path: "/devquests",
    operationId: "createQuest",
    tags: ["Quests"],
    summary: "Add a quest module",
    description: "Stores a quest module shown on the public quests page.",
    admin: true,
    body: QuestCreateSchema,
    ok: [201, QuestCreatedSchema],
    errors: [400, 415],
    handler: async (c, { body }) => ({ status: "success", quest: await c.get("services").quests.create(body, actorOf(c)) }),
  }),
  defineOperation({
    method: "get",
    path: "/devquests",
    operationId: "listQuests",
    tags: ["Quests"],
    summary: "Quest modules, newest first (public, at most 100)",
    // Public: the quest list is shown to visitors.
    description: "The newest 100 quest modules; public, shown to visitors.",
    ok: [200, QuestListSchema],
    handler: async (c) => ({ status: "success", quests: await c.get("services").quests.list({ publicOnly: true }) }),
  }),
  defineOperation({
    method: "patch",
    path: "/admin/quests/{id}",
    operationId: "updateQuest",
    tags: ["Quests"],
    summary: "Edit a quest module",
    description: "Changes any of title, description and prize; audited with before and after.",
    admin: true,
    params: IdParams,
    body: QuestUpdateSchema,
    ok: [200, QuestUpdatedSchema],
    errors: [400, 404, 415],
    handler: async (c, { params, body }) => ({
      status: "success",
      quest: await c.get("services").quests.update(params.id, body, actorOf(c)),
    }),
  }),
  defineOperation({
    method: "delete",
    path: "/admin/quests/{id}",
    operationId: "deleteQuest",
    tags: ["Quests"],
    summary: "Delete a quest module",
    description: "Removes it from the public list; audited with what it was.",
    admin: true,
    params: IdParams,
    ok: [200, SuccessMessageSchema],
    errors: [404],
    handler: async (c, { params }) => {
      await c.get("services").quests.remove(params.id, actorOf(c));
      return { status: "success", message: "Quest deleted." };
    },
  }),
  defineOperation({
    method: "post",
    path: "/admin/quests/{questId}/submissions/{id}/state",
    operationId: "moveQuestSubmission",
    tags: ["Quests"],
    summary: "Move a quest submission on (review, accept, pay the prize)",
    description:
      "submitted → triaged → accepted | duplicate | invalid | needs_info, accepted → paid. `note` is mailed to the participant; " +
      "paying pays the quest's prize (a licence order, a single-use coupon, or the cash fields recorded). " +
      "409 for a move the states forbid or past the quest's winners. One audit row and one mail per move.",
    admin: true,
    params: SubmissionParams,
    body: SubmissionMoveSchema,
    ok: [200, SubmissionMovedSchema],
    errors: [400, 404, 409, 415],
    handler: async (c, { params, body }) => ({
      status: "success",
      submission: await c.get("services").questReview.move(params.questId, params.id, body, actorOf(c)),
    }),
  }),
];
