import { type ColumnDef, getCoreRowModel, getSortedRowModel, type SortingState, useReactTable } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import type { AdminListItem } from "../../../contract/identity";
import { AdminActions } from "../../components/admin/admins/admin-actions";
import { InviteForm } from "../../components/admin/admins/invite-form";
import { useConfirm } from "../../components/admin/confirm-dialog";
import { DataTable } from "../../components/admin/data-table";
import { FormOutcome } from "../../components/admin/form-outcome";
import { reachServer } from "../../lib/reach-server";
import type { Route } from "./+types/admins";
import { adminsAction } from "./admins.server";
import { requireAdminPage } from "./session.server";
import { formatDateTime } from "../../../contract/time";

// Screen data from the services in the loader (decision 017); changes post to the action, then the loader runs again.
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireAdminPage(request, context);
  return { admins: await context.services.adminDirectory.list(), meId: me.id };
}

export const action = ({ request, context }: Route.ActionArgs) => adminsAction(request, context);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => reachServer(serverAction);

const STATUS_STYLE: Record<AdminListItem["status"], string> = {
  active: "bg-green-100 text-green-900",
  invited: "bg-amber-100 text-amber-900",
  disabled: "bg-slate-200 text-slate-800",
};
const StatusBadge = ({ status }: { status: AdminListItem["status"] }) => (
  <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}>{status}</span>
);
const when = (iso: string | null) => (iso ? formatDateTime(iso) : "never");

export default function Admins({ loaderData, actionData }: Route.ComponentProps) {
  const [confirmDialog, confirm] = useConfirm();
  const [sorting, setSorting] = useState<SortingState>([]);
  const { admins, meId } = loaderData;
  const columns = useMemo<ColumnDef<AdminListItem>[]>(
    () => [
      {
        id: "email",
        header: "E-mail",
        accessorFn: (a) => a.email,
        cell: ({ row: { original: a } }) => (
          <span className="break-all">
            {a.email}
            {a.id === meId ? <span className="ml-1 text-slate-700">(you)</span> : null}
          </span>
        ),
      },
      {
        id: "status",
        header: "Status",
        accessorFn: (a) => a.status,
        cell: ({ row: { original: a } }) => (
          <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[a.status]}`}>{a.status}</span>
        ),
      },
      { id: "two_factor", header: "Second factor", accessorFn: (a) => (a.two_factor ? "on" : "off") },
      {
        id: "last_login",
        header: "Last login",
        accessorFn: (a) => a.last_login_at ?? "",
        cell: ({ row: { original: a } }) => <span className="whitespace-nowrap">{when(a.last_login_at)}</span>,
      },
      {
        id: "actions",
        header: "Action",
        enableSorting: false,
        cell: ({ row: { original: a } }) => <AdminActions admin={a} isMe={a.id === meId} confirm={confirm} />,
      },
    ],
    [meId, confirm],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- the instance is read only while rendering this screen
  const table = useReactTable({
    data: admins,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const active = admins.filter((a) => a.status === "active").length;
  return (
    <>
      <title>Admins | Admin</title>
      <h1 className="text-2xl font-bold">Admins</h1>
      <section aria-labelledby="invite-title" className="mt-6 rounded-lg bg-white p-4 shadow">
        <h2 id="invite-title" className="text-xl font-semibold">
          Invite an admin
        </h2>
        <InviteForm />
      </section>
      <section aria-labelledby="admins-title" className="mt-6 rounded-lg bg-white p-4 shadow">
        <h2 id="admins-title" className="text-xl font-semibold">
          All admins
        </h2>
        {/* A row's answer after a plain post (without JavaScript); the invite form says its own. */}
        <FormOutcome result={actionData?.intent === "invite" ? undefined : actionData} />
        <p className="mt-1 text-sm text-slate-700">
          {active} active of {admins.length}. Disabling ends the admin&apos;s sessions at once; the last active admin cannot be disabled.
        </p>
        {/* A table from md up; on a phone each admin is a card (five columns do not fit 360 px). */}
        <div className="hidden md:block">
          <DataTable table={table} labelledBy="admins-title" empty="No admins yet." />
        </div>
        <ul className="mt-3 divide-y divide-slate-200 md:hidden" aria-labelledby="admins-title">
          {admins.map((a) => (
            <li key={a.id} className="py-3 text-sm">
              <p className="font-medium break-all">
                {a.email}
                {a.id === meId ? <span className="ml-1 font-normal text-slate-700">(you)</span> : null}
              </p>
              <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-700">
                <StatusBadge status={a.status} />
                <span>Second factor: {a.two_factor ? "on" : "off"}</span>
                <span>Last login: {when(a.last_login_at)}</span>
              </p>
              <div className="mt-2">
                <AdminActions admin={a} isMe={a.id === meId} confirm={confirm} />
              </div>
            </li>
          ))}
        </ul>
      </section>
      {confirmDialog}
    </>
  );
}
