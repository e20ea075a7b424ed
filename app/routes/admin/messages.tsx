import { useState } from "react";
import toast from "react-hot-toast";
import { useFetcher, useLocation } from "react-router";
import { MESSAGE_SOURCES, MESSAGE_STATUSES, type MessageBulk, MessageListQuerySchema } from "../../../contract/contact";
import { SelectField, secondaryButtonClass } from "../../components/admin/form-field";
import { ListCount, UrlPager, useUrlFilters } from "../../components/admin/list-controls";
import { FilterBar, SearchField, StatusFilter } from "../../components/admin/list-shell";
import { useConfirm } from "../../components/admin/confirm-dialog";
import { MessageItem } from "../../components/admin/message-item";
import { FormOutcome } from "../../components/admin/form-outcome";
import { useFormResult } from "../../components/admin/use-form-result";
import type { FormResult } from "../../lib/form-result";
import { parseListQuery } from "../../lib/list-query";
import type { Route } from "./+types/messages";
import { messagesAction } from "./messages.server";
import { requireAdminPage } from "./session.server";

const PAGE_SIZE = 10;
const FILTERS = ["q", "source", "status"] as const;

// Read in the loader (decision 017). Each filter change is a navigation, and React Router cancels the
// loader request of a navigation that a newer one replaced: a slow answer to an older filter never
// lands after (and over) the newer one.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const { query, errors } = parseListQuery(request.url, MessageListQuerySchema, FILTERS, { pageSize: PAGE_SIZE });
  const list = query ? await context.services.messages.list(query) : { messages: [], total: 0 };
  return { list: { messages: list.messages, total: list.total }, errors };
}

export const action = ({ request, context }: Route.ActionArgs) => messagesAction(request, context);

const BULK: { action: MessageBulk["action"]; label: string }[] = [
  { action: "read", label: "Mark selected read" },
  { action: "archived", label: "Archive selected" },
  { action: "delete", label: "Delete selected" },
];

export default function Messages({ loaderData: { list, errors }, actionData }: Route.ComponentProps) {
  const { params, update } = useUrlFilters();
  const { search } = useLocation();
  // The selection belongs to the view it was made in: another filter or page starts with none.
  const [selection, setSelection] = useState<{ view: string; ids: number[] }>({ view: search, ids: [] });
  const selected = selection.view === search ? selection.ids.filter((id) => list.messages.some((m) => m.id === id)) : [];
  const select = (ids: number[]) => setSelection({ view: search, ids });
  const fetcher = useFetcher<FormResult>();
  const itemFetcher = useFetcher<FormResult>();
  const busy = fetcher.state !== "idle";
  const [confirmDialog, confirm] = useConfirm();

  async function bulk(action: MessageBulk["action"]) {
    if (action === "delete") {
      const count = selected.length === 1 ? "1 selected message" : `${selected.length} selected messages`;
      const ok = await confirm({
        title: `Delete ${count}?`,
        text: "They are deleted for good. This cannot be undone.",
        confirmLabel: `Delete ${count}`,
      });
      if (!ok) return;
    }
    void fetcher.submit({ ids: selected, action }, { method: "post", encType: "application/json" });
  }
  useFormResult(fetcher.data, fetcher.state === "idle", (result) => {
    if (result.ok) {
      toast.success(result.message);
      select([]);
    } else toast.error(result.message);
  });
  useFormResult(itemFetcher.data, itemFetcher.state === "idle", (result) =>
    result.ok ? toast.success(result.message) : toast.error(result.message),
  );

  const allOnPage = list.messages.length > 0 && selected.length === list.messages.length;
  return (
    <>
      <title>Messages | Admin</title>
      <h1 className="text-2xl font-bold">Messages</h1>
      <FormOutcome result={actionData} />
      {/* Filters live in the URL, so a filtered view can be reloaded and shared; search works before hydration. */}
      <FilterBar label="Find messages">
        <SearchField label="Search" params={params} error={errors.q} className="w-64" hint="Name, e-mail or text" />
        <SelectField
          label="Source"
          name="source"
          placeholder="All sources"
          value={params.get("source") ?? ""}
          className="w-48"
          options={MESSAGE_SOURCES.map((s) => ({ value: s, label: s === "campus" ? "CAMPUS request" : "Home page" }))}
          onChange={(event) => update({ source: event.target.value, page: "" })}
        />
        <StatusFilter
          statuses={MESSAGE_STATUSES}
          value={params.get("status") ?? ""}
          className="w-48"
          onChange={(event) => update({ status: event.target.value, page: "" })}
        />
      </FilterBar>
      <ListCount total={list.total} noun="message" />
      {list.messages.length ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 rounded bg-white p-3 shadow" role="group" aria-label="Bulk actions">
          <label className="mr-2 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-5 w-5"
              checked={allOnPage}
              onChange={(event) => select(event.target.checked ? list.messages.map((m) => m.id) : [])}
            />
            Select all on this page
          </label>
          <span className="text-sm text-slate-700" aria-live="polite">
            {selected.length} selected
          </span>
          {BULK.map(({ action, label }) => (
            <button
              key={action}
              type="button"
              className={`${secondaryButtonClass} ${action === "delete" ? "border-red-700 text-red-800" : ""}`}
              disabled={busy || selected.length === 0}
              onClick={() => bulk(action)}
            >
              {label}
            </button>
          ))}
        </div>
      ) : null}
      <ul className="mt-3 space-y-3">
        {list.messages.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            selected={selected.includes(message.id)}
            onSelect={(on) => select(on ? [...selected, message.id] : selected.filter((id) => id !== message.id))}
            fetcher={itemFetcher}
            confirm={confirm}
          />
        ))}
      </ul>
      {list.total === 0 ? <p className="mt-3 text-slate-700">No messages match.</p> : null}
      <UrlPager label="Message pages" total={list.total} pageSize={PAGE_SIZE} />
      {confirmDialog}
    </>
  );
}
