import { Form, Link } from "react-router";
import { useActionOutcome } from "../../components/admin/use-action-outcome";
import { buttonClass, Field } from "../../components/admin/form-field";
import type { Route } from "./+types/outbox-test";
import { testMailAction } from "./outbox-test.server";
import { requireAdminPage } from "./session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return { smtp: Boolean(context.config.SMTP_URL), from: context.config.MAIL_FROM };
}

export const action = ({ request, context }: Route.ActionArgs) => testMailAction(request, context);

/** /dashboard/outbox/test: one mail to an address, to check that the site's mail settings deliver. */
export default function OutboxTestMail({ loaderData: { smtp, from }, actionData }: Route.ComponentProps) {
  const { busy, outcome, errors } = useActionOutcome(actionData);
  return (
    <>
      <title>Send a test mail | Outbox | Admin</title>
      <p className="text-sm">
        <Link to="/dashboard/outbox" className="text-blue-800 underline">
          Outbox
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Send a test mail</h1>
      <p className="mt-2 max-w-2xl text-sm text-slate-700">
        {smtp
          ? `Mail goes out from ${from} through the SMTP server the site is set up with. Send one mail to an address you can read: the Outbox then shows whether the server took it.`
          : `No SMTP server is set (SMTP_URL), so mail stays in the Outbox unsent. A test mail shows the mail as it would go out from ${from}.`}
      </p>
      <p
        ref={outcome}
        tabIndex={-1}
        role={actionData && !actionData.ok ? "alert" : "status"}
        className={`mt-4 text-sm ${actionData?.ok ? "text-green-800" : "text-red-700"}`}
      >
        {actionData?.message ?? ""}
        {actionData?.ok ? (
          <>
            {" "}
            <Link to="/dashboard/outbox" className="text-blue-800 underline">
              See it in the Outbox
            </Link>
          </>
        ) : null}
      </p>
      <Form method="post" className="mt-2 max-w-md space-y-4" noValidate>
        <Field
          label="Send to"
          name="to"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.value?.to ?? ""}
          error={errors.to}
        />
        <button type="submit" className={buttonClass} disabled={busy}>
          Send test mail
        </button>
      </Form>
    </>
  );
}
