import { useSearchParams } from "react-router";
import { OUTBOX_STATUSES, OutboxListSchema } from "../../../contract/outbox";
import { SelectField, secondaryButtonClass } from "../../components/admin/form-field";
import { OutboxItem } from "../../components/admin/outbox-item";
import { useApiData } from "../../components/admin/use-api-data";

const PAGE_SIZE = 20;
const parseList = (raw: unknown) => OutboxListSchema.parse(raw);

/** Every mail the site wrote (PRODUCT.md section 8): status, tries, last error, preview, Resend. */
export default function Outbox() {
  // Filter and page live in the URL, so a view can be reloaded and shared.
  const [params, setParams] = useSearchParams();
  const status = params.get("status") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE), ...(status && { status }) });
  const list = useApiData(`/api/admin/outbox?${query}`, parseList);
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
          <p className="mt-4 text-sm text-slate-700" aria-live="polite">
            {list.data.total} mail{list.data.total === 1 ? "" : "s"}
          </p>
          <ul className="mt-3 space-y-3">
            {list.data.items.map((item) => (
              <OutboxItem key={item.id} item={item} onChanged={list.reload} />
            ))}
          </ul>
          <nav aria-label="Outbox pages" className="mt-4 flex items-center gap-3">
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
