import { Form, Link } from "react-router";
import { CUSTOMER_PAGE_SIZE, CustomerListQuerySchema } from "../../../contract/admin-customers";
import { Field, buttonClass } from "../../components/admin/form-field";
import { ListCount, Pager, useUrlFilters } from "../../components/admin/list-controls";
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
  const { params, page, update } = useUrlFilters();
  const pages = Math.max(1, Math.ceil(list.total / CUSTOMER_PAGE_SIZE));
  return (
    <>
      <title>Customers | Admin</title>
      <h1 className="text-2xl font-bold">Customers</h1>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-4" role="search" aria-label="Find customers">
        <Field
          label="E-mail or name starts with"
          name="q"
          type="search"
          defaultValue={params.get("q") ?? ""}
          error={errors.q}
          className="w-72"
          autoComplete="off"
        />
        <button type="submit" className={buttonClass}>
          Search
        </button>
      </Form>
      <section className="mt-6 rounded-lg bg-white p-4 shadow" aria-labelledby="customer-list-title">
        <h2 id="customer-list-title" className="sr-only">
          Matching customers
        </h2>
        <ListCount total={list.total} noun="customer" className="" />
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
        {pages > 1 ? <Pager label="Customer pages" page={page} pages={pages} onPage={(p) => update({ page: String(p) })} /> : null}
      </section>
    </>
  );
}
