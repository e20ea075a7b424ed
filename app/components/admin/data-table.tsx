import { type Header, type Table, flexRender } from "@tanstack/react-table";
import { Link } from "react-router";

const cell = "py-2 pr-4 align-top";

/**
 * A table rendered from a TanStack table instance: header buttons sort (aria-sort says how), rows
 * scroll sideways on a phone inside a focusable region. Paging and sorting may be the server's
 * (manualSorting/manualPagination); this only draws. With `sortHref` a sortable header is a link to
 * the URL of that order (the server sorts), so it works before hydration and the URL is the view.
 */
export function DataTable<T>({
  table,
  labelledBy,
  empty,
  sortHref,
}: {
  table: Table<T>;
  labelledBy: string;
  empty: string;
  sortHref?: (header: Header<T, unknown>) => string;
}) {
  const rows = table.getRowModel().rows;
  if (rows.length === 0) return <p className="mt-3 text-slate-700">{empty}</p>;
  return (
    // relative: the cells' visually hidden labels (sr-only, position absolute) are placed and clipped
    // here; without it they sit past the phone's edge and widen the whole page, and a modal dialog
    // centred in that wider page opens off screen (the coupon list's Void, 390 px).
    <div className="relative mt-3 overflow-x-auto" tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-300">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={`${cell} whitespace-nowrap`}
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                  >
                    {header.column.getCanSort() && sortHref ? (
                      <Link to={sortHref(header)} preventScrollReset className="font-semibold text-blue-800 underline underline-offset-2">
                        {label}
                        <span aria-hidden="true">{sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : ""}</span>
                      </Link>
                    ) : header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="font-semibold underline-offset-2 hover:underline"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {label}
                        <span aria-hidden="true">{sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : ""}</span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-slate-100">
              {row.getVisibleCells().map((c) => (
                <td key={c.id} className={cell}>
                  {flexRender(c.column.columnDef.cell, c.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
