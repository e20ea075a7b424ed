import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { QUEST_MESSAGES, QuestCreateSchema, QuestUpdateSchema } from "../../../contract/quests";
import { formAction, readForm, readValues, refuseFields, requireAdminAction } from "./admin-action.server";

const QuestIdSchema = z.object({ id: z.coerce.number("Choose a quest.").int().positive().max(2_147_483_647) });

/** Add New Module: the quests service POST /api/devquests calls, validated by the same schema. */
export async function questAddAction(request: Request, context: AppLoadContext) {
  const actor = await requireAdminAction(request, context);
  const form = await request.formData();
  return formAction(undefined, async () => {
    await context.services.quests.create(readForm(form, QuestCreateSchema), actor);
    return { message: QUEST_MESSAGES.success };
  });
}

/**
 * The Quests screen's writes: intent=edit (the quest's `id` and its fields, as PATCH
 * /api/admin/quests/:id takes them) and intent=delete, on the same quests service.
 */
export async function questsAction(request: Request, context: AppLoadContext) {
  const actor = await requireAdminAction(request, context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  return formAction(intent, async () => {
    const { id } = readValues({ id: form.get("id") }, QuestIdSchema);
    if (intent === "delete") {
      await context.services.quests.remove(id, actor);
      return { message: "Quest deleted.", value: id };
    }
    if (intent !== "edit") refuseFields({ intent: "Choose what to do with the quest." });
    const { id: _id, intent: _intent, ...fields } = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
    await context.services.quests.update(id, readValues(fields, QuestUpdateSchema), actor);
    return { message: "Quest saved.", value: id };
  });
}
