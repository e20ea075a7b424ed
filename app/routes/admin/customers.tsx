import { Link } from "react-router";
import { CUSTOMER_PAGE_SIZE, CustomerListQuerySchema } from "../../../contract/admin-customers";
import { ListCount, useUrlFilters } from "../../components/admin/list-controls";
import { AdminListShell, SearchField } from "../../components/admin/list-shell";
import { LocalTime } from "../../components/admin/local-time";
import { parseListQuery } from "../../lib/list-query";
import { formatInr } from "../../lib/money";
import type { Route } from "./+types/customers";
import { requireAdminPage } from "./session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const { query, errors } = parseListQuery(request.url, CustomerListQuerySchema, ["q"]);
  return { list: query ? await context.services.customerAdmin.list(query) : { items: [], total: 0 }, errors };
}

export default function Customers({ loaderData: { list, errors } }: Route.ComponentProps) {
  const { params } = useUrlFilters();
  return (
    <>
      <title>Customers | Admin</title>
      <h1 className="text-2xl font-bold">Customers</h1>
      <AdminListShell
        searchLabel="Find customers"
        fields={<SearchField label="E-mail or name starts with" params={params} error={errors.q} className="w-72" />}
        titleId="customer-list-title"
        title="Matching customers"
        named
        count={<ListCount total={list.total} noun="customer" className="" />}
        pager={{ label: "Customer pages", total: list.total, pageSize: CUSTOMER_PAGE_SIZE, onlyWhenSeveral: true }}
      >
        {list.items.length === 0 ? (
          <p className="mt-3 text-slate-700">No customers match.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200">
            {list.items.map((c) => (
              <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
                <span className="min-w-0 break-words">
                  <Link to={`/dashboard/customers/${c.id}`} className="font-semibold text-blue-800 underline">
                    {c.name || c.email}
                  </Link>
                  <br />
                  <span className="text-slate-700">{c.email}</span>
                </span>
                <span className="text-right">
                  {c.orders} {c.orders === 1 ? "order" : "orders"} · {formatInr(c.total_paid)}
                  <br />
                  <span className="text-slate-700">
                    {c.last_order_at ? <LocalTime iso={c.last_order_at} withTime={false} /> : "no paid order"}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </AdminListShell>
    </>
  );
}
