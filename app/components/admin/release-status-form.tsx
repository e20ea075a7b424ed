import { Form, useNavigation } from "react-router";
import { buttonClass, inputClass, secondaryButtonClass } from "./form-field";
import { formatDate } from "../../../contract/time";
import type { FormResult } from "../../lib/form-result";

/** The intent a release-status form's answer carries: "status-version" or "status-patch-<id>", so only that form shows it. */
export const releaseStatusIntent = (target: "version" | "patch", id: number | string) =>
  target === "patch" ? `status-patch-${id}` : "status-version";

const STATUS_TEXT: Record<string, string> = { draft: "Draft (admin only)", published: "Published", yanked: "Withdrawn (yanked)" };

/**
 * The status of a version or patch with what may be done next: publish a draft, yank a published
 * release with a reason, publish a yanked one again. A plain form post to the screen's action, so
 * it works before (and without) JavaScript.
 */
export function ReleaseStatusForm({
  target,
  id,
  label,
  status,
  publishedAt,
  yankReason,
  feedback,
}: {
  target: "version" | "patch";
  id: number;
  label: string;
  status: string;
  publishedAt: string | null;
  yankReason: string | null;
  /** The screen's action answer; only the answer to this form is shown here. */
  feedback: FormResult<unknown> | undefined;
}) {
  const name = target === "patch" ? `patch-${id}` : "version";
  const mine = feedback?.intent === releaseStatusIntent(target, id) ? feedback : undefined;
  const reasonError = mine && !mine.ok ? mine.errors.yank_reason : undefined;
  const busy = useNavigation().state === "submitting";
  const reasonId = `${name}-yank-reason`;
  const errorId = `${name}-status-error`;
  return (
    <div className="rounded border border-slate-200 p-3" data-release={name}>
      <p className="text-sm">
        <strong>{label}</strong>: <span data-status={status}>{STATUS_TEXT[status] ?? status}</span>
        {publishedAt ? <> · published {formatDate(publishedAt)}</> : null}
        {status === "yanked" && yankReason ? <> · reason: {yankReason}</> : null}
      </p>
      <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="target" value={target} />
        <input type="hidden" name="id" value={id} />
        {status === "published" ? (
          <>
            <label htmlFor={reasonId} className="text-sm">
              Reason for withdrawing
              <input
                id={reasonId}
                name="yank_reason"
                maxLength={300}
                className={`${inputClass} block`}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={mine && !mine.ok ? errorId : undefined}
              />
            </label>
            <button type="submit" name="status" value="yanked" className={secondaryButtonClass} disabled={busy}>
              Yank {label}
            </button>
          </>
        ) : (
          <button type="submit" name="status" value="published" className={buttonClass} disabled={busy}>
            {status === "draft" ? `Publish ${label}` : `Un-yank ${label}`}
          </button>
        )}
      </Form>
      {mine ? (
        <p id={errorId} role={mine.ok ? "status" : "alert"} className={`mt-2 text-sm ${mine.ok ? "text-green-800" : "text-red-700"}`}>
          {reasonError ?? mine.message}
        </p>
      ) : null}
    </div>
  );
}
