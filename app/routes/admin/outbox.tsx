import { OUTBOX_STATUSES, OutboxListSchema } from "../../../contract/outbox";
import { SelectField } from "../../components/admin/form-field";
import { ListCount, Pager, useUrlFilters } from "../../components/admin/list-controls";
import { OutboxItem } from "../../components/admin/outbox-item";
import { useApiData } from "../../components/admin/use-api-data";

const PAGE_SIZE = 20;
const parseList = (raw: unknown) => OutboxListSchema.parse(raw);

/** Every mail the site wrote (PRODUCT.md section 8): status, tries, last error, preview, Resend. */
export default function Outbox() {
  // Filter and page live in the URL, so a view can be reloaded and shared.
  const { params, page, update } = useUrlFilters();
  const status = params.get("status") ?? "";
  const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE), ...(status && { status }) });
  const list = useApiData(`/api/admin/outbox?${query}`, parseList);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  return (
    <>
      <title>Outbox | Admin</title>
      <h1 className="text-2xl font-bold">Outbox</h1>
      <p className="mt-1 text-sm text-slate-700">Every mail the site wrote, newest first. Failed mail can be sent again.</p>
      <div className="mt-4 flex flex-wrap gap-4">
        <SelectField
          label="Status"
          placeholder="All statuses"
          value={status}
          className="w-48"
          options={OUTBOX_STATUSES.map((s) => ({ value: s, label: s === "pending" ? "not sent yet" : s }))}
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
          Could not load the outbox: {list.error}
        </p>
      ) : null}
      {list.data ? (
        <>
          <ListCount total={list.data.total} noun="mail" />
          <ul className="mt-3 space-y-3">
            {list.data.items.map((item) => (
              <OutboxItem key={item.id} item={item} onChanged={list.reload} />
            ))}
          </ul>
          <Pager label="Outbox pages" page={page} pages={pages} onPage={(n) => update({ page: String(n) })} />
        </>
      ) : null}
    </>
  );
}
