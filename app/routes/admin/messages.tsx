import { useSearchParams } from "react-router";
import { MESSAGE_SOURCES, MESSAGE_STATUSES, MessageListSchema } from "../../../contract/contact";
import { SelectField, secondaryButtonClass } from "../../components/admin/form-field";
import { MessageItem } from "../../components/admin/message-item";
import { useApiData } from "../../components/admin/use-api-data";

const PAGE_SIZE = 10;
const parseList = (raw: unknown) => MessageListSchema.parse(raw);

export default function Messages() {
  // Filters and page live in the URL, so a filtered view can be reloaded and shared.
  const [params, setParams] = useSearchParams();
  const source = params.get("source") ?? "";
  const status = params.get("status") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const query = new URLSearchParams({
    page: String(page),
    pageSize: String(PAGE_SIZE),
    ...(source && { source }),
    ...(status && { status }),
  });
  const list = useApiData(`/api/admin/messages?${query}`, parseList);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { preventScrollReset: true });
  };

  return (
    <>
      <title>Messages | Admin</title>
      <h1 className="text-2xl font-bold">Messages</h1>
      <div className="mt-4 flex flex-wrap gap-4">
        <SelectField
          label="Source"
          placeholder="All sources"
          value={source}
          className="w-48"
          options={MESSAGE_SOURCES.map((s) => ({ value: s, label: s === "campus" ? "CAMPUS request" : "Home page" }))}
          onChange={(event) => update({ source: event.target.value, page: "" })}
        />
        <SelectField
          label="Status"
          placeholder="All statuses"
          value={status}
          className="w-48"
          options={MESSAGE_STATUSES.map((s) => ({ value: s, label: s }))}
          onChange={(event) => update({ status: event.target.value, page: "" })}
        />
      </div>
      {list.loading && !list.data ? (
        <p className="mt-6" role="status">
          Loading...
        </p>
      ) : null}
      {list.error ? (
        <p className="mt-6 text-red-700" role="alert">
          Could not load the messages: {list.error}
        </p>
      ) : null}
      {list.data ? (
        <>
          <p className="mt-4 text-sm text-slate-700" aria-live="polite">
            {list.data.total} message{list.data.total === 1 ? "" : "s"}
          </p>
          <ul className="mt-3 space-y-3">
            {list.data.messages.map((message) => (
              <MessageItem key={message.id} message={message} onChanged={list.reload} />
            ))}
          </ul>
          <nav aria-label="Message pages" className="mt-4 flex items-center gap-3">
            <button type="button" className={secondaryButtonClass} disabled={page <= 1} onClick={() => update({ page: String(page - 1) })}>
              Previous
            </button>
            <span className="text-sm">
              Page {page} of {pages}
            </span>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={page >= pages}
              onClick={() => update({ page: String(page + 1) })}
            >
              Next
            </button>
          </nav>
        </>
      ) : null}
    </>
  );
}
