import { useState } from "react";
import toast from "react-hot-toast";
import type { ContactMessage } from "../../../contract/contact";
import { api, errorMessage } from "../../lib/api-client";
import type { ConfirmRequest } from "./confirm-dialog";
import { secondaryButtonClass } from "./form-field";
import { LocalTime } from "./local-time";

const STATUS_STYLE = {
  new: "bg-blue-100 text-blue-900",
  read: "bg-slate-200 text-slate-900",
  archived: "bg-amber-100 text-amber-900",
} as const;

/** Longer messages show their start; the rest opens on request. */
const PREVIEW_CHARS = 200;

/** One contact message: a preview, its status, a selection box for bulk actions and the actions that move it on. */
export function MessageItem({
  message,
  selected,
  onSelect,
  onChanged,
  confirm,
}: {
  message: ContactMessage;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onChanged: () => void;
  /** The screen's one confirm dialog (decision 035). */
  confirm: (request: ConfirmRequest) => Promise<boolean>;
}) {
  const [busy, setBusy] = useState(false);
  const [expanded, setExpanded] = useState(false);

  async function run(call: () => Promise<unknown>, success: string) {
    setBusy(true);
    try {
      await call();
      toast.success(success);
      onChanged();
    } catch (error) {
      toast.error(errorMessage(error, "The message could not be updated."));
    } finally {
      setBusy(false);
    }
  }
  const setStatus = (status: ContactMessage["status"]) =>
    run(() => api(`/api/admin/messages/${message.id}`, { method: "PATCH", json: { status } }), `Message marked ${status}.`);
  const remove = async () => {
    const ok = await confirm({
      title: `Delete the message from ${message.name}?`,
      text: "It is deleted for good. This cannot be undone.",
      confirmLabel: "Delete message",
    });
    if (!ok) return;
    void run(() => api(`/api/admin/messages/${message.id}`, { method: "DELETE" }), "Message deleted.");
  };

  const org =
    message.source === "campus"
      ? [message.orgType === "others" ? message.otherType : message.orgType, message.orgName].filter(Boolean).join(", ")
      : "";
  const long = message.message.length > PREVIEW_CHARS;
  const textId = `message-${message.id}-text`;
  return (
    <li className="rounded-lg bg-white p-4 shadow" aria-label={`Message from ${message.name}`}>
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`Select the message from ${message.name}`}
        />
        <h2 className={message.status === "new" ? "font-bold" : "font-semibold"}>{message.name}</h2>
        <a className="text-sm text-blue-800 underline break-all" href={`mailto:${message.email}`}>
          {message.email}
        </a>
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[message.status]}`}>{message.status}</span>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-xs">{message.source === "campus" ? "CAMPUS request" : "Home page"}</span>
      </div>
      <p className="mt-1 text-xs text-slate-700">
        <LocalTime iso={message.createdAt} />
        {org ? ` · ${org}` : ""}
      </p>
      <p id={textId} className="mt-2 whitespace-pre-line text-sm break-words">
        {long && !expanded ? `${message.message.slice(0, PREVIEW_CHARS).trimEnd()}…` : message.message}
      </p>
      {long ? (
        <button
          type="button"
          className="mt-1 text-sm text-blue-800 underline"
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? "Show less" : "Show the whole message"}
        </button>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {message.status === "new" ? (
          <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => setStatus("read")}>
            Mark read
          </button>
        ) : null}
        {message.status !== "archived" ? (
          <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => setStatus("archived")}>
            Archive
          </button>
        ) : null}
        {message.status === "archived" ? (
          <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => setStatus("read")}>
            Restore
          </button>
        ) : null}
        <button type="button" className={`${secondaryButtonClass} border-red-700 text-red-800`} disabled={busy} onClick={remove}>
          Delete
        </button>
      </div>
    </li>
  );
}
