import type { AppLoadContext } from "react-router";
import { ResetPasswordSchema } from "../../../contract/identity";
import type { ClientMeta } from "../../../server/features/identity";
import { newPasswordProblems } from "../../components/admin/new-password-fields";
import { formAction, readForm, refuseFields, requireSameOrigin } from "./admin-action.server";

/** Sets the password of the link's account; answers the sentence the page shows. */
type SetPassword = (token: string, password: string, meta: ClientMeta) => Promise<string>;

/**
 * The form of a mailed link (a password reset, an invitation), posted to its page's own action.
 * The link's token rides in a hidden field that the page's script fills from the URL fragment (the
 * fragment never reaches a server log; the post's body does not either). `setPassword` calls the
 * service the API operation calls, so the rules, the token's single use and the audit are the same.
 */
export async function linkPasswordAction(request: Request, context: AppLoadContext, setPassword: SetPassword) {
  requireSameOrigin(request, context);
  const form = await request.formData();
  const meta: ClientMeta = { clientIp: context.clientIp, userAgent: request.headers.get("user-agent") ?? null };
  return formAction(undefined, async () => {
    const input = readForm(form, ResetPasswordSchema);
    // The repeat is the page's own field: the API takes the new password once.
    const problems = newPasswordProblems("password", input.password, String(form.get("confirm_password") ?? ""));
    if (Object.keys(problems).length) refuseFields(problems);
    return { message: await setPassword(input.token, input.password, meta) };
  });
}
