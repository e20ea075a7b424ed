import { Form, Link, useNavigation } from "react-router";
import { ForgotPasswordSchema } from "../../../contract/identity";
import { AuthCard, authButtonClass, Notice } from "../../components/admin/auth-card";
import { Field } from "../../components/admin/form-field";
import { formAction, readValues } from "../../lib/form-action.server";
import type { Route } from "./+types/forgot-password";

// The same sentence whatever the address: the page never tells whether an e-mail belongs to an admin.
const SENT = "If that e-mail belongs to an admin, a reset link is on its way. It works for 30 minutes.";

export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

/**
 * A plain form post, so the page works before (or without) JavaScript; the same service as
 * POST /api/admin/password/forgot (throttled per address, the lookup and the mail after the answer).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return formAction(
    undefined,
    async () => {
      const { email } = readValues({ email: String(form.get("email") ?? "").trim() }, ForgotPasswordSchema);
      await context.services.passwordReset.forgot(email, { clientIp: context.clientIp, userAgent: request.headers.get("user-agent") });
      return { message: SENT };
    },
    { status: 202 },
  );
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const fieldError = actionData && !actionData.ok ? actionData.errors.email : undefined;
  // A field's own message stands beside it; the line under the form carries the rest (sent, throttled).
  const notice =
    actionData && !fieldError ? { kind: actionData.ok ? ("success" as const) : ("error" as const), text: actionData.message } : null;
  return (
    <AuthCard title="Forgot password" titleId="forgot-title">
      <p className="mt-2 text-sm text-slate-700">Enter your admin e-mail address. We will mail you a link to choose a new password.</p>
      <Form method="post" noValidate className="mt-4" aria-labelledby="forgot-title">
        <Field
          label="Email-Address"
          name="email"
          type="email"
          autoComplete="username"
          required
          error={fieldError}
          // Without JavaScript the page comes back from the post: the browser focuses what to fix.
          autoFocus={Boolean(fieldError)}
        />
        <Notice notice={notice} />
        <button type="submit" disabled={busy} className={authButtonClass}>
          {busy ? "Sending..." : "Send the reset link"}
        </button>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to="/login" className="text-blue-800 underline">
          Back to the login
        </Link>
      </p>
    </AuthCard>
  );
}
