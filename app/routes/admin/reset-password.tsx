import { Link } from "react-router";
import { AuthCard } from "../../components/admin/auth-card";
import { LinkPasswordForm } from "../../components/admin/link-password-form";
import { reachServer } from "../../lib/reach-server";
import type { Route } from "./+types/reset-password";
import { linkPasswordAction } from "./link-password.server";

// The same service as POST /api/admin/password/reset.
export const action = ({ request, context }: Route.ActionArgs) =>
  linkPasswordAction(request, context, async (token, password, meta) => {
    await context.services.passwordReset.reset(token, password, meta);
    return "Your password was changed and every session signed out. Log in with the new password.";
  });

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  reachServer(serverAction, "The server could not be reached. Please try again.");

export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" });

/** The page a reset mail links to (`/admin/reset-password#token=…`): a new password, then every session ends. */
export default function ResetPassword() {
  return (
    <AuthCard title="Choose a new password" titleId="reset-title">
      <p className="mt-2 text-sm text-slate-700">The link works once, for 30 minutes. Every session of your account ends.</p>
      <LinkPasswordForm
        submitLabel="Set the new password"
        badLink={
          <Link to="/admin/forgot-password" className="text-blue-800 underline">
            Ask for a new reset link
          </Link>
        }
      />
    </AuthCard>
  );
}
