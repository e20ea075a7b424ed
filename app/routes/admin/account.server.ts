import type { AppLoadContext } from "react-router";
import { IdParamSchema, PasswordChangeSchema } from "../../../contract/identity";
import { newPasswordProblems } from "../../components/admin/new-password-fields";
import { FACTOR_INTENTS, type FactorIntent, factorAction } from "./account-factors.server";
import { formAction, readForm, refuseFields, requireAdminSession } from "./admin-action.server";
import { sessionToken } from "./session.server";

/**
 * The Account screen's plain forms, on the account service the API's POST /api/admin/password and
 * DELETE /api/admin/sessions/:id call: intent=password (the current and the new one, typed twice)
 * and intent=revoke (a session's `id`); the second factors' intents in account-factors.server.ts.
 * Only a passkey's registration stays on the API: it is a WebAuthn ceremony.
 */
export async function accountAction(request: Request, context: AppLoadContext) {
  const { admin, meta } = await requireAdminSession(request, context);
  const account = context.services.account;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if ((FACTOR_INTENTS as readonly string[]).includes(intent)) return factorAction(intent as FactorIntent, form, context, admin, meta);
  return formAction(intent, async () => {
    if (intent === "revoke") {
      const { id } = readForm(form, IdParamSchema);
      await account.revokeSession(admin.id, id, meta);
      return { message: `Signed out ${String(form.get("device") ?? "the session")}.` };
    }
    if (intent !== "password") refuseFields({ intent: "Choose what to change." });
    const input = readForm(form, PasswordChangeSchema);
    // The repeat is the page's own field: the API takes the new password once.
    const problems = newPasswordProblems("new_password", input.new_password, String(form.get("confirm_password") ?? ""));
    if (Object.keys(problems).length) refuseFields(problems);
    // requireAdminSession found a session, so its token is there.
    const { sessionsRevoked } = await account.changePassword(
      admin,
      { currentPassword: input.current_password, newPassword: input.new_password },
      sessionToken(request, context.https) ?? "",
      meta,
    );
    const others = sessionsRevoked === 1 ? "1 other session was" : `${sessionsRevoked} other sessions were`;
    return { message: `Password changed; ${others} signed out.` };
  });
}
