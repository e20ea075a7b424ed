import { type ColumnDef, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { Form } from "react-router";
import { type AdminOrder, OrderListQuerySchema } from "../../../contract/admin-orders";
import { ORDER_STATUSES } from "../../../contract/store";
import { DataTable } from "../../components/admin/data-table";
import { Field, SelectField, buttonClass, secondaryButtonClass } from "../../components/admin/form-field";
import { LocalTime } from "../../components/admin/local-time";
import { Pager, useUrlFilters } from "../../components/admin/list-controls";
import { parseListQuery } from "../../lib/list-query";
import { formatInr } from "../../lib/money";
import type { Route } from "./+types/orders";
import { requireAdminPage } from "./session.server";

const PAGE_SIZE = 20;
const FILTERS = ["q", "status", "from", "to"] as const;

// Read in the loader (decision 017); paging and filters run on the server, index-backed.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const { query, errors } = parseListQuery(request.url, OrderListQuerySchema, FILTERS, { page_size: PAGE_SIZE });
  return { list: query ? await context.services.orderAdmin.list(query) : { items: [], total: 0, total_capped: false }, errors };
}

const columns: ColumnDef<AdminOrder>[] = [
  {
    id: "payment",
    header: "Payment id",
    cell: ({ row }) => <span className="font-mono whitespace-nowrap">{row.original.payment_id ?? "none"}</span>,
  },
  {
    id: "customer",
    header: "Customer",
    cell: ({ row: { original: o } }) => (
      <>
        {o.customer_name}
        <br />
        <span className="text-slate-700">{o.customer_email}</span>
      </>
    ),
  },
  { id: "product", header: "Product", cell: ({ row }) => `${row.original.product_id} ${row.original.version}` },
  { id: "amount", header: "Amount", cell: ({ row }) => <span className="whitespace-nowrap">{formatInr(row.original.amount)}</span> },
  { id: "coupon", header: "Coupon", cell: ({ row }) => <span className="font-mono">{row.original.coupon ?? ""}</span> },
  { id: "status", header: "Status", cell: ({ row }) => row.original.status },
  {
    id: "created",
    header: "Ordered",
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        <LocalTime iso={row.original.created_at} />
      </span>
    ),
  },
];

export default function Orders({ loaderData: { list, errors } }: Route.ComponentProps) {
  const { params, page, update } = useUrlFilters();
  const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
  const filters = new URLSearchParams(FILTERS.flatMap((key) => (params.get(key) ? [[key, params.get(key) as string]] : [])));
  // eslint-disable-next-line react-hooks/incompatible-library -- the instance is read only while rendering this screen
  const table = useReactTable({ data: list.items, columns, getCoreRowModel: getCoreRowModel(), manualPagination: true });
  return (
    <>
      <title>Orders | Admin</title>
      <h1 className="text-2xl font-bold">Orders</h1>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-4" role="search" aria-label="Find orders">
        <Field
          label="Payment id or e-mail"
          name="q"
          defaultValue={params.get("q") ?? ""}
          error={errors.q}
          className="w-64"
          autoComplete="off"
        />
        <SelectField
          label="Status"
          name="status"
          placeholder="All statuses"
          defaultValue={params.get("status") ?? ""}
          className="w-40"
          options={ORDER_STATUSES.map((s) => ({ value: s, label: s }))}
        />
        <Field
          label="From (UTC day)"
          name="from"
          type="date"
          defaultValue={params.get("from") ?? ""}
          error={errors.from}
          className="w-44"
        />
        <Field label="To (UTC day)" name="to" type="date" defaultValue={params.get("to") ?? ""} error={errors.to} className="w-44" />
        <button type="submit" className={buttonClass}>
          Search
        </button>
        <a className={`${secondaryButtonClass} py-2`} href={`/api/admin/orders.csv${filters.size ? `?${filters}` : ""}`} download>
          Export CSV
        </a>
      </Form>
      <section className="mt-6 rounded-lg bg-white p-4 shadow">
        <h2 id="order-list-title" className="sr-only">
          Matching orders
        </h2>
        <p className="text-sm text-slate-700" aria-live="polite">
          {list.total_capped
            ? `More than ${list.total.toLocaleString("en-IN")} orders`
            : `${list.total} order${list.total === 1 ? "" : "s"}`}
        </p>
        <DataTable table={table} labelledBy="order-list-title" empty="No orders match." />
        <Pager label="Order pages" page={page} pages={pages} onPage={(n) => update({ page: String(n) })} />
      </section>
    </>
  );
}
