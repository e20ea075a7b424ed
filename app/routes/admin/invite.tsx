import { AuthCard } from "../../components/admin/auth-card";
import { LinkPasswordForm } from "../../components/admin/link-password-form";
import { reachServer } from "../../lib/reach-server";
import type { Route } from "./+types/invite";
import { linkPasswordAction } from "./link-password.server";

// The same service as POST /api/admin/invitations/accept.
export const action = ({ request, context }: Route.ActionArgs) =>
  linkPasswordAction(request, context, async (token, password, meta) => {
    const { email } = await context.services.adminDirectory.acceptInvitation(token, password, meta);
    return `Welcome. Log in as ${email}.`;
  });

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  reachServer(serverAction, "The server could not be reached. Please try again.");

export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" });

/** The page an invitation mail links to (`/admin/invite#token=…`): the invited admin chooses a password. */
export default function AcceptInvitation() {
  return (
    <AuthCard title="Accept the invitation" titleId="invite-title">
      <p className="mt-2 text-sm text-slate-700">
        Choose the password of your admin account. The link works once, for 48 hours; you log in with the e-mail it was sent to.
      </p>
      <LinkPasswordForm submitLabel="Create my account" badLink={<p>Ask the admin who invited you to send a new invitation.</p>} />
    </AuthCard>
  );
}
