import { type AppLoadContext, data } from "react-router";
import { QuestSettingsSchema } from "../../../contract/quest-settings";
import { domainErrorKind } from "../../../server/platform/errors";
import { formAction, readForm, requireAdminAction } from "./admin-action.server";
import { requireAdminPage } from "./session.server";

const questId = (text: string | undefined) => (text && /^\d{1,9}$/.test(text) ? Number(text) : 0);

/** The quest with every field, drafts included; 404 for an unknown id. */
export async function questSettingsLoader(idText: string | undefined, request: Request, context: AppLoadContext) {
  await requireAdminPage(request, context);
  try {
    return { quest: await context.services.questSettings.get(questId(idText)) };
  } catch (error) {
    if (domainErrorKind(error) === "not_found") throw data("There is no such quest.", { status: 404 });
    throw error;
  }
}

/** Quests → a quest → Settings: saved through the quest settings service, audited there. */
export async function questSettingsAction(idText: string | undefined, request: Request, context: AppLoadContext) {
  const id = questId(idText);
  const actor = await requireAdminAction(request, context);
  const form = await request.formData();
  return formAction("settings", async () => {
    await context.services.questSettings.save(id, readForm(form, QuestSettingsSchema), actor);
    return { message: "Quest settings saved." };
  });
}
