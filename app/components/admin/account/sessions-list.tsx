import toast from "react-hot-toast";
import type { AdminSession } from "../../../../contract/identity";
import { api, errorMessage } from "../../../lib/api-client";
import { secondaryButtonClass } from "../form-field";

const when = (iso: string) => new Date(iso).toLocaleString("en-IN", { dateStyle: "medium", timeStyle: "short" });

/** Own sessions with device and last use; any but the current one can be revoked. */
export function SessionsList({ sessions, onChange }: { sessions: AdminSession[]; onChange: () => void }) {
  async function revoke(session: AdminSession) {
    try {
      await api(`/api/admin/sessions/${session.id}`, { method: "DELETE" });
      toast.success(`Signed out ${session.device}.`);
      onChange();
    } catch (error) {
      toast.error(errorMessage(error, "The server could not be reached."));
    }
  }
  return (
    <ul className="divide-y divide-slate-200 rounded border border-slate-200 bg-white">
      {sessions.map((s) => (
        <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
          <div className="min-w-0">
            <p className="font-medium">
              {s.device}
              {s.current ? <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs text-green-900">This device</span> : null}
            </p>
            <p className="text-sm text-slate-700">
              Last used {when(s.last_used_at)}
              {s.client_ip ? ` from ${s.client_ip}` : ""} · signed in {when(s.created_at)}
            </p>
          </div>
          {s.current ? null : (
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => revoke(s)}
              aria-label={`Revoke ${s.device}, last used ${when(s.last_used_at)}`}
            >
              Revoke
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
