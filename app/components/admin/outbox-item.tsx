import { useEffect, useId, useState } from "react";
import toast from "react-hot-toast";
import { useFetcher } from "react-router";
import type { OutboxPreview as Preview, OutboxItem as Item } from "../../../contract/outbox";
import type { FormResult } from "../../lib/form-result";
import { secondaryButtonClass } from "./form-field";
import { useFormResult } from "./use-form-result";
import { formatDateTime } from "../../../contract/time";

/** The preview route's answer (app/routes/admin/outbox-preview.ts): the preview, or why there is none. */
export type OutboxPreviewResult = { preview: Preview; error?: undefined } | { preview?: undefined; error: string };

const STATUS_STYLE: Record<Item["status"], string> = {
  pending: "bg-amber-100 text-amber-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
};

/** One outbox mail: its delivery state, a preview on demand, and Resend. */
export function OutboxItem({ item, onChanged }: { item: Item; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  // Resend posts to the Outbox's action: a fetcher with JavaScript, a plain form post without.
  const fetcher = useFetcher<FormResult>();
  const busy = fetcher.state !== "idle";
  const previewId = useId();
  useFormResult(fetcher.data, fetcher.state === "idle", (result) => {
    if (result.ok) {
      toast.success(result.message);
      onChanged();
    } else toast.error(result.message);
  });

  return (
    <li className="rounded-lg bg-white p-4 shadow" aria-label={`Mail: ${item.subject}`} data-testid="outbox-item">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold break-words">{item.subject}</h2>
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[item.status]}`} data-testid="outbox-status">
          {item.statusLabel}
        </span>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-xs">{item.kind}</span>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-slate-700">To</dt>
        <dd className="break-all">{item.to.join(", ")}</dd>
        <dt className="font-medium text-slate-700">Written</dt>
        <dd>
          <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        </dd>
        {item.sentAt ? (
          <>
            <dt className="font-medium text-slate-700">Sent</dt>
            <dd>
              <time dateTime={item.sentAt}>{formatDateTime(item.sentAt)}</time>
            </dd>
          </>
        ) : null}
        <dt className="font-medium text-slate-700">Tries</dt>
        <dd>{item.attempts}</dd>
        {item.lastError ? (
          <>
            <dt className="font-medium text-slate-700">Last error</dt>
            <dd className="break-words text-red-800">{item.lastError}</dd>
          </>
        ) : null}
      </dl>
      <fetcher.Form method="post" className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          aria-expanded={open}
          aria-controls={previewId}
          onClick={() => setOpen(!open)}
        >
          {open ? "Hide preview" : "Preview"}
        </button>
        <input type="hidden" name="id" value={item.id} />
        <button type="submit" className={secondaryButtonClass} disabled={busy}>
          Resend
        </button>
      </fetcher.Form>
      <div id={previewId}>{open ? <OutboxPreview id={item.id} subject={item.subject} /> : null}</div>
    </li>
  );
}

function OutboxPreview({ id, subject }: { id: number; subject: string }) {
  // Loaded when the item opens, through the preview route's loader (decision 017), not at page load.
  const fetcher = useFetcher<OutboxPreviewResult>();
  const { load } = fetcher;
  useEffect(() => {
    void load(`/dashboard/outbox/${id}/preview`);
  }, [id, load]);
  if (fetcher.data?.error)
    return (
      <p className="mt-3 text-red-700" role="alert">
        Could not load the preview: {fetcher.data.error}
      </p>
    );
  if (!fetcher.data?.preview)
    return (
      <p className="mt-3" role="status">
        Loading the preview...
      </p>
    );
  const { headers, html, text } = fetcher.data.preview;
  return (
    <section className="mt-3 space-y-3" aria-label={`Preview of ${subject}`}>
      <h3 className="text-sm font-semibold">Headers</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded bg-slate-50 p-3 font-mono text-xs" data-testid="outbox-headers">
        {headers.map((h) => (
          <div key={h.name} className="contents">
            <dt className="font-semibold">{h.name}:</dt>
            <dd className="break-all">{h.value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="text-sm font-semibold">HTML part</h3>
      {/* Empty sandbox: the mail's HTML runs no script, submits nothing and cannot reach this page. */}
      <iframe title={`HTML part of ${subject}`} sandbox="" srcDoc={html} className="h-96 w-full rounded border border-slate-300 bg-white" />
      <h3 className="text-sm font-semibold">Text part</h3>
      <pre className="max-h-96 overflow-auto rounded bg-slate-50 p-3 text-xs whitespace-pre-wrap break-words" data-testid="outbox-text">
        {text}
      </pre>
    </section>
  );
}
