import { Link } from "react-router";
import { AuthCard } from "../../components/admin/auth-card";
import { LinkPasswordForm } from "../../components/admin/link-password-form";

export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" });

/** The page a reset mail links to (`/admin/reset-password#token=…`): a new password, then every session ends. */
export default function ResetPassword() {
  return (
    <AuthCard title="Choose a new password" titleId="reset-title">
      <p className="mt-2 text-sm text-slate-700">The link works once, for 30 minutes. Every session of your account ends.</p>
      <LinkPasswordForm
        endpoint="/api/admin/password/reset"
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
