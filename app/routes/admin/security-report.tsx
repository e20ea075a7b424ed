import { Form, Link } from "react-router";
import { SECURITY_REPORT_STATUSES } from "../../../contract/security";
import { useActionOutcome } from "../../components/admin/use-action-outcome";
import { buttonClass, inputClass } from "../../components/admin/form-field";
import { LocalTime } from "../../components/admin/local-time";
import type { Route } from "./+types/security-report";
import { securityReportAction } from "./security-reports.server";
import { requireAdminPage } from "./session.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1) throw new Response("Not found", { status: 404 });
  const report = await context.services.securityReports.get(id).catch((error: { kind?: string }) => {
    if (error?.kind === "not_found") throw new Response("Not found", { status: 404 });
    throw error;
  });
  return {
    ...report,
    createdAt: report.createdAt.toISOString(),
    updatedAt: report.updatedAt.toISOString(),
    notes: report.notes.map((n) => ({ id: n.id, visibility: n.visibility, body: n.body, createdAt: n.createdAt.toISOString() })),
  };
}

export const action = ({ request, params, context }: Route.ActionArgs) => securityReportAction(request, context, params.id);

/** /dashboard/security/reports/:id: one report, its replies and notes, and the form that answers it. */
export default function SecurityReport({ loaderData: r, actionData }: Route.ComponentProps) {
  const { busy, outcome, errors } = useActionOutcome(actionData);
  return (
    <>
      <title>{`${r.title} | Security reports | Admin`}</title>
      <p className="text-sm">
        <Link to="/dashboard/security/reports" className="text-blue-800 underline">
          Security reports
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold break-words">{r.title}</h1>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">Status</dt>
        <dd data-testid="admin-report-status">{r.status}</dd>
        <dt className="font-semibold">From</dt>
        <dd className="break-all">
          {r.name ? `${r.name} ` : ""}&lt;{r.email}&gt;{r.creditConsent ? " (asks to be credited)" : ""}
        </dd>
        <dt className="font-semibold">About</dt>
        <dd>{[r.productName ?? "the site / unspecified", r.version].filter(Boolean).join(" ")}</dd>
        <dt className="font-semibold">Received</dt>
        <dd>
          <LocalTime iso={r.createdAt} /> from {r.clientIp ?? "unknown address"}
        </dd>
      </dl>
      <h2 className="mt-6 text-lg font-bold">Details</h2>
      <pre className="mt-2 max-h-[32rem] overflow-auto rounded bg-white p-3 text-sm break-words whitespace-pre-wrap shadow">
        {r.details}
      </pre>
      <h2 className="mt-6 text-lg font-bold">Replies and notes</h2>
      {r.notes.length ? (
        <ul className="mt-2 space-y-2">
          {r.notes.map((n) => (
            <li key={n.id} className={`rounded p-3 shadow ${n.visibility === "public" ? "bg-white" : "bg-amber-50"}`}>
              <p className="text-xs text-slate-700">
                {n.visibility === "public" ? "Public reply (mailed)" : "Private note"} · <LocalTime iso={n.createdAt} />
              </p>
              <p className="mt-1 whitespace-pre-line">{n.body}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-700">None yet.</p>
      )}
      <h2 className="mt-6 text-lg font-bold">Answer</h2>
      <p
        ref={outcome}
        tabIndex={-1}
        role={actionData && !actionData.ok ? "alert" : "status"}
        className={`mt-2 text-sm ${actionData?.ok ? "text-green-800" : "text-red-700"}`}
      >
        {actionData?.message ?? ""}
      </p>
      <Form method="post" className="mt-2 max-w-2xl space-y-4" key={actionData?.ok ? `saved-${r.updatedAt}-${r.notes.length}` : "open"}>
        <div>
          <label htmlFor="report-status" className="text-sm font-medium">
            Status
          </label>
          <select id="report-status" name="status" defaultValue={r.status} className={inputClass}>
            {SECURITY_REPORT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="report-reply" className="text-sm font-medium">
            Public reply (shown on the reporter's page and mailed to them)
          </label>
          <textarea
            id="report-reply"
            name="reply"
            rows={5}
            maxLength={10_000}
            className={inputClass}
            aria-invalid={errors.reply ? true : undefined}
          />
          {errors.reply ? <p className="mt-1 text-sm text-red-700">{errors.reply}</p> : null}
        </div>
        <div>
          <label htmlFor="report-note" className="text-sm font-medium">
            Private note (admins only)
          </label>
          <textarea id="report-note" name="note" rows={3} maxLength={10_000} className={inputClass} />
        </div>
        <button type="submit" className={buttonClass} disabled={busy}>
          Save
        </button>
      </Form>
    </>
  );
}
