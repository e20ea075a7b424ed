import { Link } from "react-router";
import { SECURITY_REPORT_STATUSES, SecurityReportListQuerySchema } from "../../../contract/security";
import { PageLinks } from "../../components/admin/list-controls";
import { FilterBar, StatusFilter } from "../../components/admin/list-shell";
import { LocalTime } from "../../components/admin/local-time";
import type { Route } from "./+types/security-reports";
import { requireAdminPage } from "./session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = SecurityReportListQuerySchema.safeParse(params);
  const query = parsed.success ? parsed.data : { page: 1 };
  const list = await context.services.securityReports.list(query);
  return {
    ...list,
    status: "status" in query ? (query.status ?? "") : "",
    page: query.page,
    reports: list.reports.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

/** /dashboard/security/reports: the vulnerability reports from /security, newest first. */
export default function SecurityReports({ loaderData }: Route.ComponentProps) {
  const { reports, total, pages, page, status } = loaderData;
  const pageLink = (n: number) => `?${new URLSearchParams({ ...(status && { status }), page: String(n) })}`;
  return (
    <>
      <title>Security reports | Admin</title>
      <h1 className="text-2xl font-bold">Security reports</h1>
      <FilterBar label="Filter security reports" submitLabel="Show" landmark={false}>
        <StatusFilter statuses={SECURITY_REPORT_STATUSES} defaultValue={status} className="w-48" />
      </FilterBar>
      <p className="mt-3 text-sm text-slate-700" role="status">
        {total === 1 ? "1 report" : `${total} reports`}
      </p>
      {reports.length ? (
        <ul className="mt-3 space-y-2" data-testid="security-reports">
          {reports.map((r) => (
            <li key={r.id} className="rounded bg-white p-3 shadow">
              <Link to={`/dashboard/security/reports/${r.id}`} className="font-semibold text-blue-800 underline">
                {r.title}
              </Link>
              <p className="mt-1 text-sm text-slate-700">
                <span className="font-semibold">{r.status}</span> · {r.productName ?? "site / unspecified"} · {r.name ? `${r.name}, ` : ""}
                {r.email} · <LocalTime iso={r.createdAt} />
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-slate-700">No reports match.</p>
      )}
      {pages > 1 ? (
        <PageLinks
          label="Report pages"
          page={page}
          pages={pages}
          href={pageLink}
          earlier="Previous page"
          later="Next page"
          className="mt-4 flex gap-4"
          linkClassName={null}
        />
      ) : null}
    </>
  );
}
