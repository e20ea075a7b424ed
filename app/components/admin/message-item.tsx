import { useState } from "react";
import type { FetcherWithComponents } from "react-router";
import type { ContactMessage } from "../../../contract/contact";
import type { FormResult } from "../../lib/form-result";
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
  fetcher,
  confirm,
}: {
  message: ContactMessage;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /**
   * The screen's fetcher for one message's changes: it outlives this item (a restored message leaves
   * the Archived view as its answer arrives), so the screen shows the answer's toast.
   */
  fetcher: FetcherWithComponents<FormResult>;
  /** The screen's one confirm dialog (decision 035). */
  confirm: (request: ConfirmRequest) => Promise<boolean>;
}) {
  // Each button posts this message's id and what to do to the screen's action: through the fetcher
  // with JavaScript, as a plain form post without.
  const busy = fetcher.state !== "idle";
  const [expanded, setExpanded] = useState(false);
  // Deleting asks first (with JavaScript); the confirmed delete goes through the same fetcher.
  async function remove(event: React.MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    const ok = await confirm({
      title: `Delete the message from ${message.name}?`,
      text: "It is deleted for good. This cannot be undone.",
      confirmLabel: "Delete message",
    });
    if (ok) void fetcher.submit({ id: message.id, intent: "delete" }, { method: "post" });
  }

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
      <fetcher.Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="id" value={message.id} />
        {message.status === "new" ? (
          <button type="submit" name="status" value="read" className={secondaryButtonClass} disabled={busy}>
            Mark read
          </button>
        ) : null}
        {message.status !== "archived" ? (
          <button type="submit" name="status" value="archived" className={secondaryButtonClass} disabled={busy}>
            Archive
          </button>
        ) : null}
        {message.status === "archived" ? (
          <button type="submit" name="status" value="read" className={secondaryButtonClass} disabled={busy}>
            Restore
          </button>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="delete"
          className={`${secondaryButtonClass} border-red-700 text-red-800`}
          disabled={busy}
          onClick={remove}
        >
          Delete
        </button>
      </fetcher.Form>
    </li>
  );
}
