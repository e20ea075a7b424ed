import { useState } from "react";
import toast from "react-hot-toast";
import type { ContactMessage } from "../../../contract/contact";
import { api, errorMessage } from "../../lib/api-client";
import { secondaryButtonClass } from "./form-field";

const STATUS_STYLE = {
  new: "bg-blue-100 text-blue-900",
  read: "bg-slate-200 text-slate-900",
  archived: "bg-amber-100 text-amber-900",
} as const;

/** One contact message with its status and the actions that move it on. */
export function MessageItem({ message, onChanged }: { message: ContactMessage; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);

  async function setStatus(status: ContactMessage["status"]) {
    setBusy(true);
    try {
      await api(`/api/admin/messages/${message.id}`, { method: "PATCH", json: { status } });
      toast.success(`Message marked ${status}.`);
      onChanged();
    } catch (error) {
      toast.error(errorMessage(error, "The message could not be updated."));
    } finally {
      setBusy(false);
    }
  }

  const org =
    message.source === "campus"
      ? [message.orgType === "others" ? message.otherType : message.orgType, message.orgName].filter(Boolean).join(", ")
      : "";
  return (
    <li className="rounded-lg bg-white p-4 shadow" aria-label={`Message from ${message.name}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">{message.name}</h2>
        <a className="text-sm text-blue-800 underline break-all" href={`mailto:${message.email}`}>
          {message.email}
        </a>
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[message.status]}`}>{message.status}</span>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-xs">{message.source === "campus" ? "CAMPUS request" : "Home page"}</span>
      </div>
      <p className="mt-1 text-xs text-slate-700">
        <time dateTime={message.createdAt}>{new Date(message.createdAt).toUTCString()}</time>
        {org ? ` · ${org}` : ""}
      </p>
      <p className="mt-2 whitespace-pre-line text-sm break-words">{message.message}</p>
      <div className="mt-3 flex gap-2">
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
      </div>
    </li>
  );
}
