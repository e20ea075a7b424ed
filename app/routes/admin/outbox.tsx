import { Link, useRevalidator } from "react-router";
import { OUTBOX_STATUSES, OutboxIdParamsSchema, OutboxListQuerySchema } from "../../../contract/outbox";
import { SelectField } from "../../components/admin/form-field";
import { ListCount, UrlPager, useUrlFilters } from "../../components/admin/list-controls";
import { OutboxItem } from "../../components/admin/outbox-item";
import { ScreenError } from "../../components/admin/screen-error";
import { parseListQuery } from "../../lib/list-query";
import type { Route } from "./+types/outbox";
import { FormOutcome } from "../../components/admin/form-outcome";
import { formAction, readForm, requireAdminAction } from "./admin-action.server";
import { requireAdminPage } from "./session.server";

const PAGE_SIZE = 20;

// Read in the loader (decision 017); Resend posts to the action, then the loader runs again.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const { query } = parseListQuery(request.url, OutboxListQuerySchema, ["status"], { pageSize: PAGE_SIZE });
  return { list: query ? await context.services.outbox.list(query) : { items: [], total: 0 } };
}

// Resend: the outbox service POST /api/admin/outbox/{id}/resend calls, the id checked by the same schema.
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdminAction(request, context);
  const form = await request.formData();
  return formAction("resend", async () => {
    await context.services.outbox.resend(readForm(form, OutboxIdParamsSchema).id, actor);
    return { message: "The mail is queued to be sent again." };
  });
}

/** Every mail the site wrote: status, tries, last error, preview, Resend. */
export default function Outbox({ loaderData: { list }, actionData }: Route.ComponentProps) {
  // Filter and page live in the URL, so a view can be reloaded and shared.
  const { params, update } = useUrlFilters();
  const status = params.get("status") ?? "";
  const revalidator = useRevalidator();

  return (
    <>
      <title>Outbox | Admin</title>
      <h1 className="text-2xl font-bold">Outbox</h1>
      <p className="mt-1 text-sm text-slate-700">
        Every mail the site wrote, newest first. Failed mail can be sent again.{" "}
        <Link to="/dashboard/outbox/test" className="text-blue-800 underline">
          Send a test mail
        </Link>
      </p>
      <FormOutcome result={actionData} />
      <div className="mt-4 flex flex-wrap gap-4">
        <SelectField
          label="Status"
          placeholder="All statuses"
          value={status}
          className="w-48"
          options={OUTBOX_STATUSES.map((s) => ({ value: s, label: s === "pending" ? "not sent yet" : s }))}
          onChange={(event) => update({ status: event.target.value, page: "" })}
        />
      </div>
      <ListCount total={list.total} noun="mail" />
      <ul className="mt-3 space-y-3">
        {list.items.map((item) => (
          <OutboxItem key={item.id} item={item} onChanged={() => void revalidator.revalidate()} />
        ))}
      </ul>
      <UrlPager label="Outbox pages" total={list.total} pageSize={PAGE_SIZE} />
    </>
  );
}

// The list's loader, or a preview's fetch that failed on the way (the preview route's own answer for
// a gone mail is drawn in the item).
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <title>Outbox | Admin</title>
      <h1 className="text-2xl font-bold">Outbox</h1>
      <ScreenError error={error} what="the outbox" />
    </>
  );
}
