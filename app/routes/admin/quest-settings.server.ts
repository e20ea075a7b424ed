import { type AppLoadContext, data } from "react-router";
import { QuestSettingsSchema } from "../../../contract/quest-settings";
import { SubmissionMoveSchema } from "../../../contract/quest-review";
import { domainErrorKind } from "../../../server/platform/errors";
import { formAction, readForm, requireAdminAction } from "./admin-action.server";
import { requireAdminPage } from "./session.server";

const questId = (text: string | undefined) => (text && /^\d{1,9}$/.test(text) ? Number(text) : 0);

/** The quest with every field, drafts included; 404 for an unknown id. */
export async function questSettingsLoader(idText: string | undefined, request: Request, context: AppLoadContext) {
  await requireAdminPage(request, context);
  try {
    const quest = await context.services.questSettings.get(questId(idText));
    return { quest, submissions: await context.services.questReview.list(quest.id) };
  } catch (error) {
    if (domainErrorKind(error) === "not_found") throw data("There is no such quest.", { status: 404 });
    throw error;
  }
}

/**
 * Quests → a quest: the settings (saved through the quest settings service, audited there) or a
 * submission moved on (intent "move", through the quest review service, as the API does).
 */
export async function questSettingsAction(idText: string | undefined, request: Request, context: AppLoadContext) {
  const id = questId(idText);
  const actor = await requireAdminAction(request, context);
  const form = await request.formData();
  const submission = questId(String(form.get("submission_id") ?? ""));
  if (form.get("intent") === "move")
    return formAction(`move-${submission}`, async () => {
      const moved = await context.services.questReview.move(id, submission, readForm(form, SubmissionMoveSchema), actor);
      return { message: `Submission ${submission} is now ${moved.state.replace("_", " ")}.` };
    });
  return formAction("settings", async () => {
    await context.services.questSettings.save(id, readForm(form, QuestSettingsSchema), actor);
    return { message: "Quest settings saved." };
  });
}
