import type { AppLoadContext } from "react-router";
import { IntIdParamSchema, InviteSchema } from "../../../contract/identity";
import { formAction, readForm, refuseFields, requireAdminSession } from "./admin-action.server";

/**
 * The Admins screen's writes, on the admin directory the API's /api/admin/admins calls use, validated
 * by the same schemas: intent=invite (an `email`; "Send again" is the same invite), disable and
 * enable (an admin's `id`).
 */
export async function adminsAction(request: Request, context: AppLoadContext) {
  const { admin, meta } = await requireAdminSession(request, context);
  const directory = context.services.adminDirectory;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  return formAction(intent, async () => {
    if (intent === "invite") {
      const { email } = readForm(form, InviteSchema);
      await directory.invite(admin, email, meta);
      return { message: `Invitation sent to ${email}.` };
    }
    const { id } = readForm(form, IntIdParamSchema);
    if (intent === "disable") {
      await directory.disable(admin, id, meta);
      return { message: "The admin was disabled and signed out." };
    }
    if (intent !== "enable") refuseFields({ intent: "Choose what to do with the admin." });
    await directory.enable(admin, id, meta);
    return { message: "The admin was enabled and may log in again." };
  });
}
