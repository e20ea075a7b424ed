import type { AppLoadContext } from "react-router";
import { SecurityReportUpdateSchema } from "../../../contract/security";
import { formAction, readForm, requireAdminAction } from "./admin-action.server";

/**
 * The report page's one form: a new status, a public reply (mailed to the reporter), a private note,
 * any of them at once, on the service the tests drive; each change is one audit row.
 */
export async function securityReportAction(request: Request, context: AppLoadContext, id: string) {
  const actor = await requireAdminAction(request, context);
  const form = await request.formData();
  form.set("id", id);
  return formAction("update", async () => {
    const { changes } = await context.services.securityReports.update(readForm(form, SecurityReportUpdateSchema), actor);
    return { message: changes.length ? `Saved: ${changes.join(", ")}.` : "Nothing changed." };
  });
}
