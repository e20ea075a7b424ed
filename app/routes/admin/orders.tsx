import { type ColumnDef, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { Link } from "react-router";
import { type AdminOrder, OrderListQuerySchema } from "../../../contract/admin-orders";
import { ORDER_STATUSES } from "../../../contract/store";
import { DataTable } from "../../components/admin/data-table";
import { Field } from "../../components/admin/form-field";
import { LocalTime } from "../../components/admin/local-time";
import { ListCount, useUrlFilters } from "../../components/admin/list-controls";
import { AdminListShell, SearchField, StatusFilter } from "../../components/admin/list-shell";
import { parseListQuery } from "../../lib/list-query";
import { formatInr } from "../../lib/money";
import type { Route } from "./+types/orders";
import { requireAdminPage } from "./session.server";

const PAGE_SIZE = 20;
const FILTERS = ["q", "status", "from", "to"] as const;

// Read in the loader (decision 017); paging, filters and sorting run on the server, index-backed.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const { query, errors } = parseListQuery(request.url, OrderListQuerySchema, [...FILTERS, "sort", "dir"], { page_size: PAGE_SIZE });
  return {
    list: query ? await context.services.orderAdmin.list(query) : { items: [], total: 0, total_capped: false },
    sorting: [{ id: query?.sort ?? "created_at", desc: (query?.dir ?? "desc") === "desc" }],
    errors,
  };
}

const columns: ColumnDef<AdminOrder>[] = [
  {
    id: "payment",
    header: "Payment id",
    // Each row opens its order page.
    cell: ({ row }) => (
      <Link to={`/dashboard/orders/${row.original.id}`} className="font-mono whitespace-nowrap text-blue-800 underline">
        {row.original.payment_id ?? `Order #${row.original.id}`}
      </Link>
    ),
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
  { id: "product", header: "Product", cell: ({ row }) => `${row.original.product_name} ${row.original.version}` },
  {
    id: "amount",
    header: "Amount",
    accessorFn: (o) => o.amount, // an accessor makes the column sortable (by the server: sortHref)
    cell: ({ row }) => <span className="whitespace-nowrap">{formatInr(row.original.amount)}</span>,
  },
  { id: "coupon", header: "Coupon", cell: ({ row }) => <span className="font-mono">{row.original.coupon ?? ""}</span> },
  { id: "status", header: "Status", cell: ({ row }) => row.original.status },
  {
    id: "created_at",
    header: "Ordered",
    accessorFn: (o) => o.created_at,
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        <LocalTime iso={row.original.created_at} />
      </span>
    ),
  },
];

/** A sortable header's link: the other way round when the list is sorted by it, else largest/newest first; back to page 1. */
function sortHref(params: URLSearchParams, column: string, sorted: false | "asc" | "desc") {
  const next = new URLSearchParams(params);
  next.set("sort", column);
  next.set("dir", sorted === "desc" ? "asc" : "desc");
  next.delete("page");
  return `?${next}`;
}

export default function Orders({ loaderData: { list, sorting, errors } }: Route.ComponentProps) {
  const { params } = useUrlFilters();
  // eslint-disable-next-line react-hooks/incompatible-library -- the instance is read only while rendering this screen
  const table = useReactTable({
    data: list.items,
    columns,
    state: { sorting },
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
  });
  return (
    <>
      <title>Orders | Admin</title>
      <h1 className="text-2xl font-bold">Orders</h1>
      <AdminListShell
        searchLabel="Find orders"
        fields={
          <>
            <SearchField label="Payment id or e-mail" params={params} error={errors.q} className="w-64" />
            <StatusFilter statuses={ORDER_STATUSES} defaultValue={params.get("status") ?? ""} className="w-40" />
            <Field
              label="From (India day)"
              name="from"
              type="date"
              defaultValue={params.get("from") ?? ""}
              error={errors.from}
              className="w-44"
            />
            <Field label="To (India day)" name="to" type="date" defaultValue={params.get("to") ?? ""} error={errors.to} className="w-44" />
            {/* A new search keeps the chosen order. */}
            {params.get("sort") ? <input type="hidden" name="sort" value={params.get("sort") ?? ""} /> : null}
            {params.get("dir") ? <input type="hidden" name="dir" value={params.get("dir") ?? ""} /> : null}
          </>
        }
        csv={{ path: "/api/admin/orders.csv", keys: FILTERS }}
        titleId="order-list-title"
        title="Matching orders"
        count={<ListCount total={list.total} capped={list.total_capped} noun="order" className="" />}
        pager={{ label: "Order pages", total: list.total, pageSize: PAGE_SIZE }}
      >
        {errors.sort || errors.dir ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            This list cannot be sorted that way: {errors.sort ?? errors.dir} Choose a column heading instead.
          </p>
        ) : null}
        <DataTable
          table={table}
          labelledBy="order-list-title"
          empty="No orders match."
          sortHref={(header) => sortHref(params, header.column.id, header.column.getIsSorted())}
        />
      </AdminListShell>
    </>
  );
}
