import { QuestCreatedSchema, QuestCreateSchema, QuestListSchema } from "../../contract/quests";
import { actorOf } from "./actor";
import { defineOperation } from "./operation";

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
    handler: async (c) => ({ status: "success", quests: await c.get("services").quests.list() }),
  }),
];
