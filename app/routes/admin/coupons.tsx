import { type ColumnDef, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useMemo } from "react";
import toast from "react-hot-toast";
import { useFetcher, useRevalidator } from "react-router";
import { COUPON_STATUSES, CouponListQuerySchema, CouponVoidParamsSchema, type CouponItem } from "../../../contract/admin-coupons";
import { type ConfirmRequest, useConfirm } from "../../components/admin/confirm-dialog";
import { DataTable } from "../../components/admin/data-table";
import { SelectField, secondaryButtonClass } from "../../components/admin/form-field";
import { LocalTime } from "../../components/admin/local-time";
import { ListCount, useUrlFilters } from "../../components/admin/list-controls";
import { AdminListShell, SearchField, StatusFilter } from "../../components/admin/list-shell";
import { FormOutcome } from "../../components/admin/form-outcome";
import { useFormResult } from "../../components/admin/use-form-result";
import type { FormResult } from "../../lib/form-result";
import { parseListQuery } from "../../lib/list-query";
import type { Route } from "./+types/coupons";
import { formAction, readForm, requireAdminAction } from "./admin-action.server";
import { requireAdminPage } from "./session.server";
import { formatDate } from "../../../contract/time";

const PAGE_SIZE = 20;
const FILTERS = ["q", "status", "product_id"] as const;

// Read in the loader (decision 017): the list pages and filters on the server (index-backed prefix
// search), so a million codes cost one page. A bad filter is a field message, not an error page.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const { query, errors } = parseListQuery(request.url, CouponListQuerySchema, FILTERS, { page_size: PAGE_SIZE });
  const versions = await context.services.productVersions.list({ archived: "include" });
  // Each product's catalogue name by its id: the filter and the table name products as the catalogue does.
  const names = new Map(versions.items.map((v) => [v.product_id, v.product_name]));
  const products = [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.id.localeCompare(b.id));
  return { list: query ? await context.services.couponAdmin.list(query) : { items: [], total: 0, total_capped: false }, products, errors };
}

// Void: the coupon-admin service POST /api/admin/coupons/{code}/void calls, the code checked by the same schema.
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdminAction(request, context);
  const form = await request.formData();
  return formAction("void", async () => {
    const coupon = await context.services.couponAdmin.void(readForm(form, CouponVoidParamsSchema).code, actor);
    return { message: `Coupon ${coupon.code} is void.` };
  });
}

/** A coupon as the table shows it: with its product's catalogue name. */
type Row = CouponItem & { product_name: string };

type VoidProps = { coupon: CouponItem; onVoided: () => void; confirm: (request: ConfirmRequest) => Promise<boolean> };

/** Void: with JavaScript it asks first, then posts through a fetcher; without, the form posts as it is. */
function VoidButton({ coupon, onVoided, confirm }: VoidProps) {
  const fetcher = useFetcher<FormResult>();
  const busy = fetcher.state !== "idle";
  useFormResult(fetcher.data, fetcher.state === "idle", (result) => {
    if (result.ok) {
      toast.success(result.message);
      onVoided();
    } else toast.error(result.message);
  });
  if (coupon.status !== "unused") return null;
  async function run(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const ok = await confirm({
      title: `Void coupon ${coupon.code}?`,
      text: "It will no longer be accepted. This cannot be undone.",
      confirmLabel: `Void coupon ${coupon.code}`,
    });
    if (ok) void fetcher.submit({ code: coupon.code }, { method: "post" });
  }
  return (
    <fetcher.Form method="post" onSubmit={run}>
      <input type="hidden" name="code" value={coupon.code} />
      <button type="submit" className={secondaryButtonClass} disabled={busy}>
        Void<span className="sr-only"> {coupon.code}</span>
      </button>
    </fetcher.Form>
  );
}

export default function Coupons({ loaderData: { list, products, errors }, actionData }: Route.ComponentProps) {
  const { params } = useUrlFilters();
  const { revalidate } = useRevalidator();
  const [confirmDialog, confirm] = useConfirm();
  // The table renders each cell function as a component: kept the same across renders, or every render
  // would mount the Void buttons (and their fetchers) again, and a fetcher's mount renders the page again.
  const columns = useMemo<ColumnDef<Row>[]>(
    () => [
      { id: "code", header: "Code", cell: ({ row }) => <span className="font-mono whitespace-nowrap">{row.original.code}</span> },
      {
        id: "product",
        header: "Product",
        cell: ({ row }) => `${row.original.product_name} ${row.original.version}`,
      },
      { id: "discount", header: "Discount", cell: ({ row }) => `${row.original.discount}%` },
      {
        id: "status",
        header: "Status",
        cell: ({ row: { original: c } }) => (
          <span className={c.status === "used" ? "text-green-800" : c.status === "void" ? "text-slate-700" : "text-red-700"}>
            {c.status === "used" ? "Used" : c.status === "void" ? "Void" : "Unused"}
          </span>
        ),
      },
      { id: "created", header: "Created", cell: ({ row }) => <LocalTime iso={row.original.created_at} withTime={false} /> },
      {
        id: "expires",
        header: "Valid through",
        cell: ({ row: { original: c } }) => (c.expires_at ? formatDate(c.expires_at) : "no expiry"),
      },
      { id: "note", header: "Note", cell: ({ row }) => row.original.note ?? "" },
      {
        id: "action",
        header: "Action",
        cell: ({ row }) => <VoidButton coupon={row.original} onVoided={() => void revalidate()} confirm={confirm} />,
      },
    ],
    [confirm, revalidate],
  );
  // The catalogue's name rides on each row, so the columns (and the Void buttons' fetchers) stay the same.
  const rows = useMemo(
    () => list.items.map((c) => ({ ...c, product_name: products.find((p) => p.id === c.product_id)?.name ?? c.product_id })),
    [list.items, products],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- the instance is read only while rendering this screen
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), manualPagination: true });
  return (
    <>
      <title>Coupons | Admin</title>
      <h1 className="text-2xl font-bold">Coupons</h1>
      <FormOutcome result={actionData} />
      <AdminListShell
        searchLabel="Find coupons"
        fields={
          <>
            <SearchField label="Code or its beginning" params={params} error={errors.q} className="w-64" />
            <StatusFilter statuses={COUPON_STATUSES} defaultValue={params.get("status") ?? ""} className="w-40" />
            <SelectField
              label="Product"
              name="product_id"
              placeholder="All products"
              defaultValue={params.get("product_id") ?? ""}
              className="w-56"
              options={products.map((p) => ({ value: p.id, label: p.name }))}
            />
          </>
        }
        csv={{ path: "/api/admin/coupons.csv", keys: FILTERS }}
        titleId="coupon-list-title"
        title="Matching coupons"
        count={
          <ListCount
            total={list.total}
            capped={list.total_capped}
            noun="coupon"
            cappedHint={params.get("q") ? "Type more of the code to narrow the search." : undefined}
          />
        }
        pager={{ label: "Coupon pages", total: list.total, pageSize: PAGE_SIZE }}
      >
        <DataTable table={table} labelledBy="coupon-list-title" empty="No coupons match." />
      </AdminListShell>
      {confirmDialog}
    </>
  );
}
