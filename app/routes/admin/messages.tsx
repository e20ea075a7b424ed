import { MESSAGE_SOURCES, MESSAGE_STATUSES, MessageListSchema } from "../../../contract/contact";
import { SelectField } from "../../components/admin/form-field";
import { ListCount, Pager, useUrlFilters } from "../../components/admin/list-controls";
import { MessageItem } from "../../components/admin/message-item";
import { useApiData } from "../../components/admin/use-api-data";

const PAGE_SIZE = 10;
const parseList = (raw: unknown) => MessageListSchema.parse(raw);

export default function Messages() {
  // Filters and page live in the URL, so a filtered view can be reloaded and shared.
  const { params, page, update } = useUrlFilters();
  const source = params.get("source") ?? "";
  const status = params.get("status") ?? "";
  const query = new URLSearchParams({
    page: String(page),
    pageSize: String(PAGE_SIZE),
    ...(source && { source }),
    ...(status && { status }),
  });
  const list = useApiData(`/api/admin/messages?${query}`, parseList);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

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
          <ListCount total={list.data.total} noun="message" />
          <ul className="mt-3 space-y-3">
            {list.data.messages.map((message) => (
              <MessageItem key={message.id} message={message} onChanged={list.reload} />
            ))}
          </ul>
          <Pager label="Message pages" page={page} pages={pages} onPage={(n) => update({ page: String(n) })} />
        </>
      ) : null}
    </>
  );
}
