import { type ColumnDef, getCoreRowModel, getSortedRowModel, type SortingState, useReactTable } from "@tanstack/react-table";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { VersionSummary } from "../../../contract/admin-versions";
import { DataTable } from "../../components/admin/data-table";
import { formatInr } from "../../lib/money";
import type { Route } from "./+types/versions";
import { requireAdminPage } from "./session.server";

// Screen data from the services in the loader (decision 017); the list is bounded (at most 2,000
// versions), so sorting it happens here, in the table.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const archived = new URL(request.url).searchParams.get("archived") === "include" ? "include" : undefined;
  const [versions, patches] = await Promise.all([context.services.productVersions.list({ archived }), context.services.patches.list()]);
  return { versions: versions.items, patches };
}

const RELEASE_TEXT: Record<string, string> = { draft: "draft", published: "published", yanked: "withdrawn" };

const columns: ColumnDef<VersionSummary>[] = [
  {
    id: "product",
    header: "Product",
    accessorFn: (v) => v.product_id,
    cell: ({ row: { original: v } }) => (
      <>
        {v.product_name} <span className="text-slate-700">({v.product_id})</span>
      </>
    ),
  },
  {
    id: "version",
    header: "Version",
    accessorFn: (v) => v.version,
    sortingFn: (a, b) => {
      const x = a.original.version.split(".").map(Number);
      const y = b.original.version.split(".").map(Number);
      for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? -1) !== (y[i] ?? -1)) return (x[i] ?? -1) - (y[i] ?? -1);
      return 0;
    },
    cell: ({ row: { original: v } }) => (
      <Link to={`/dashboard/versions/${v.id}`} className="text-blue-800 underline">
        {v.version}
        <span className="sr-only"> of {v.product_name}: details</span>
      </Link>
    ),
  },
  { id: "amount", header: "Amount", accessorFn: (v) => v.amount, cell: ({ getValue }) => formatInr(getValue<number>()) },
  { id: "for_sale", header: "For sale", accessorFn: (v) => (v.for_sale ? "yes" : "no") },
  { id: "state", header: "State", accessorFn: (v) => (v.archived ? "archived" : "active") },
  { id: "release", header: "Release", accessorFn: (v) => RELEASE_TEXT[v.status] ?? v.status },
];

export default function Versions({ loaderData }: Route.ComponentProps) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [params] = useSearchParams();
  const showArchived = params.get("archived") === "include";
  // A version's screen sends here after deleting it (app/routes/admin/version-detail.server.ts), naming what went.
  const deleted = params.get("deleted");
  // eslint-disable-next-line react-hooks/incompatible-library -- the instance is read only while rendering this screen
  const table = useReactTable({
    data: loaderData.versions,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  return (
    <>
      <title>Versions &amp; Patches | Admin</title>
      <h1 className="text-2xl font-bold">Versions &amp; Patches</h1>
      {deleted !== null ? (
        <p role="status" className="mt-3 text-sm text-green-800">
          Version {deleted} deleted.
        </p>
      ) : null}
      <section aria-labelledby="versions-title" className="mt-6 rounded-lg bg-white p-4 shadow">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="versions-title" className="text-xl font-semibold">
            Product versions
          </h2>
          <Link to={showArchived ? "?" : "?archived=include"} className="text-sm text-blue-800 underline">
            {showArchived ? "Hide archived versions" : "Show archived versions"}
          </Link>
        </div>
        <DataTable table={table} labelledBy="versions-title" empty="No versions yet." />
      </section>
      <section aria-labelledby="patches-title" className="mt-6 rounded-lg bg-white p-4 shadow">
        <h2 id="patches-title" className="text-xl font-semibold">
          Patch releases
        </h2>
        {loaderData.patches.length === 0 ? <p className="mt-3 text-slate-700">No patches yet.</p> : null}
        <ul className="mt-3 space-y-3">
          {loaderData.patches.map((patch) => (
            <li key={patch.id} className="border-b border-slate-100 pb-2 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                <p className="font-semibold">
                  {patch.product_name} {patch.version} → {patch.patchVersion}{" "}
                  <span className="font-normal text-slate-700">({RELEASE_TEXT[patch.status] ?? patch.status})</span>
                </p>
                <Link to={`/dashboard/versions/${patch.version_id}#patch-${patch.id}`} className="text-blue-800 underline">
                  Edit or delete
                  <span className="sr-only">
                    {" "}
                    patch {patch.patchVersion} of {patch.product_name}
                  </span>
                </Link>
              </div>
              {patch.features.length ? (
                <ul className="mt-1 list-disc pl-6">
                  {patch.features.map((f, i) => (
                    <li key={i}>{f}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
