import { Form, useSearchParams } from "react-router";
import { AuditQuerySchema } from "../../../contract/identity";
import { buttonClass, inputClass } from "../../components/admin/form-field";
import { PageLinks, pageCount } from "../../components/admin/list-controls";
import { LocalTime } from "../../components/admin/local-time";
import { ScreenError } from "../../components/admin/screen-error";
import { parseListQuery } from "../../lib/list-query";
import type { Route } from "./+types/audit";
import { requireAdminPage } from "./session.server";

const FILTERS = ["admin", "action", "from", "to"] as const;
const LABELS: Record<string, string> = { admin: "Admin e-mail", action: "Action", from: "From", to: "To", page: "Page" };

// Read in the loader (decision 017); the filters are the URL's, checked by the API's own schema.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const { query, errors } = parseListQuery(request.url, AuditQuerySchema, FILTERS);
  return { audit: query ? await context.services.audit.list(query) : null, errors };
}
const detailText = (detail: Record<string, unknown>) =>
  Object.entries(detail)
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(", ");

/** The audit log, newest first: who did what, when, from where, filtered by admin, action and days. */
export default function Audit({ loaderData: { audit, errors } }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const query = new URLSearchParams();
  for (const name of [...FILTERS, "page"]) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  const page = audit?.page ?? 1;
  const pages = audit ? pageCount(audit.total, audit.page_size) : 1;
  const pageLink = (n: number) => {
    const next = new URLSearchParams(query);
    next.set("page", String(n));
    return `?${next}`;
  };

  return (
    <>
      <title>Audit log | Admin</title>
      <h1 className="text-2xl font-bold">Audit log</h1>
      <Form
        method="get"
        className="mt-4 grid gap-3 rounded-lg bg-white p-4 shadow sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
        aria-label="Filter the audit log"
      >
        <label className="text-sm font-medium">
          Admin e-mail
          <input name="admin" type="email" defaultValue={params.get("admin") ?? ""} className={inputClass} />
        </label>
        <label className="text-sm font-medium">
          Action
          <input
            name="action"
            defaultValue={params.get("action") ?? ""}
            placeholder="e.g. login or mfa.totp_enabled"
            className={inputClass}
          />
        </label>
        <label className="text-sm font-medium">
          From
          <input name="from" type="date" defaultValue={params.get("from") ?? ""} className={inputClass} />
        </label>
        <label className="text-sm font-medium">
          To
          <input name="to" type="date" defaultValue={params.get("to") ?? ""} className={inputClass} />
        </label>
        <button type="submit" className={buttonClass}>
          Filter
        </button>
      </Form>
      {Object.entries(errors).map(([field, message]) => (
        <p key={field} role="alert" className="mt-4 text-sm text-red-700">
          {LABELS[field] ?? field}: {message}
        </p>
      ))}
      {audit ? (
        <>
          <p className="mt-4 text-sm text-slate-700" role="status">
            {audit.total} {audit.total === 1 ? "entry" : "entries"}
          </p>
          <div className="mt-2 overflow-x-auto rounded-lg bg-white shadow" tabIndex={0} role="region" aria-label="Audit log entries">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">Audit log entries, newest first</caption>
              <thead className="bg-slate-100">
                <tr>
                  <th scope="col" className="p-2">
                    When
                  </th>
                  <th scope="col" className="p-2">
                    Who
                  </th>
                  <th scope="col" className="p-2">
                    What
                  </th>
                  <th scope="col" className="p-2">
                    From
                  </th>
                  <th scope="col" className="p-2">
                    Detail
                  </th>
                </tr>
              </thead>
              <tbody>
                {audit.items.map((e) => (
                  <tr key={e.id} className="border-t border-slate-200 align-top">
                    <td className="whitespace-nowrap p-2">
                      <LocalTime iso={e.created_at} />
                    </td>
                    <td className="p-2 break-all">{e.admin_email ?? "—"}</td>
                    <td className="p-2">
                      <span className="font-mono">{e.action}</span>
                      {e.entity_id ? (
                        <span className="text-slate-700">
                          {" "}
                          ({e.entity} {e.entity_id})
                        </span>
                      ) : null}
                    </td>
                    <td className="p-2">{e.client_ip ?? "—"}</td>
                    <td className="p-2 break-all text-slate-700">{detailText(e.detail)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PageLinks label="Audit log pages" page={page} pages={pages} href={pageLink} earlier="Newer" later="Older" />
        </>
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <title>Audit log | Admin</title>
      <h1 className="text-2xl font-bold">Audit log</h1>
      <ScreenError error={error} what="the audit log" />
    </>
  );
}
