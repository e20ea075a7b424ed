import { AuthCard } from "../../components/admin/auth-card";
import { LinkPasswordForm } from "../../components/admin/link-password-form";

export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" });

/** The page an invitation mail links to (`/admin/invite#token=…`): the invited admin chooses a password. */
export default function AcceptInvitation() {
  return (
    <AuthCard title="Accept the invitation" titleId="invite-title">
      <p className="mt-2 text-sm text-slate-700">
        Choose the password of your admin account. The link works once, for 48 hours; you log in with the e-mail it was sent to.
      </p>
      <LinkPasswordForm
        endpoint="/api/admin/invitations/accept"
        submitLabel="Create my account"
        badLink={<p>Ask the admin who invited you to send a new invitation.</p>}
      />
    </AuthCard>
  );
}
