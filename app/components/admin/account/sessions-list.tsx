import toast from "react-hot-toast";
import { useActionData, useFetcher } from "react-router";
import type { AdminSession } from "../../../../contract/identity";
import type { FormResult } from "../../../lib/form-result";
import { secondaryButtonClass } from "../form-field";
import { FormOutcome } from "../form-outcome";
import { useFormResult } from "../use-form-result";
import { formatDateTime } from "../../../../contract/time";

/**
 * Own sessions with device and last use; any but the current one can be revoked, by a post of
 * intent=revoke to the screen's action (a fetcher with JavaScript, a plain post without). The
 * fetcher belongs to the list: the revoked session leaves it with the answer.
 */
export function SessionsList({ sessions }: { sessions: AdminSession[] }) {
  const fetcher = useFetcher<FormResult>({ key: "account-sessions" });
  const actionData = useActionData<FormResult>();
  const busy = fetcher.state !== "idle";
  useFormResult(fetcher.data, fetcher.state === "idle", (result) =>
    result.ok ? toast.success(result.message) : toast.error(result.message),
  );
  return (
    <>
      <FormOutcome result={actionData?.intent === "revoke" ? actionData : undefined} />
      <ul className="divide-y divide-slate-200 rounded border border-slate-200 bg-white">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div className="min-w-0">
              <p className="font-medium">
                {s.device}
                {s.current ? <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs text-green-900">This device</span> : null}
              </p>
              <p className="text-sm text-slate-700">
                Last used {formatDateTime(s.last_used_at)}
                {s.client_ip ? ` from ${s.client_ip}` : ""} · signed in {formatDateTime(s.created_at)}
              </p>
            </div>
            {s.current ? null : (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="revoke" />
                <input type="hidden" name="id" value={s.id} />
                <input type="hidden" name="device" value={s.device} />
                <button
                  type="submit"
                  className={secondaryButtonClass}
                  disabled={busy}
                  aria-label={`Revoke ${s.device}, last used ${formatDateTime(s.last_used_at)}`}
                >
                  Revoke
                </button>
              </fetcher.Form>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
