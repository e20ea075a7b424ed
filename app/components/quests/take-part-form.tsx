import type { FormResult } from "../../lib/form-result";
import { submissionStateLabel } from "./quest-facts";

export type TakePartView = {
  displayName: string | null;
  submission: { id: number; state: string; body: string; links: string[]; attachment: { name: string; size: number } | null } | null;
};

const field = "mt-1 block w-full rounded border border-slate-400 px-3 py-2";
const button = "mt-4 rounded-lg bg-sky-700 px-4 py-2 font-semibold text-white hover:bg-sky-800";
const EDITABLE = new Set(["submitted", "needs_info"]);

function Errors({ result }: { result?: FormResult<Record<string, string>> | null }) {
  return (
    <div aria-live="polite">
      {result?.ok && result.message ? <p className="rounded-lg border border-green-300 bg-green-50 p-3">{result.message}</p> : null}
      {result && !result.ok ? (
        <p id="take-part-error" role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {result.message}
        </p>
      ) : null}
    </div>
  );
}

/** The signed-in participant's way to take part: a flag (a form post to the page) or a submission with its file. */
export function TakePartForm({
  questId,
  kind,
  view,
  result,
}: {
  questId: number;
  kind: "submission" | "flag";
  view: TakePartView;
  /** The flag action's answer, or the loader's answer to the multipart form ("saved", or a refusal with what was typed as its value). */
  result?: FormResult<Record<string, string>> | null;
}) {
  const mine = view.submission;
  if (kind === "flag") {
    if (mine) return <p className="mt-3">You found the flag: {submissionStateLabel(mine.state)}.</p>;
    return (
      <form method="post" className="mt-3 max-w-md">
        <Errors result={result} />
        <label htmlFor="quest-flag" className="block font-semibold">
          The flag
        </label>
        <input id="quest-flag" name="flag" required maxLength={500} autoComplete="off" className={`${field} font-mono`} />
        <button type="submit" name="intent" value="flag" className={button}>
          Send the flag
        </button>
      </form>
    );
  }
  if (mine && !EDITABLE.has(mine.state))
    return <p className="mt-3">Your submission: {submissionStateLabel(mine.state)}. It can no longer be changed.</p>;
  const errors = result && !result.ok ? result.errors : {};
  const typed = result?.value ?? {};
  /** The attributes tying a field to its message beside it. */
  const described = (name: string, id: string, note?: string) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": [note, errors[name] ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined,
  });
  const fieldError = (name: string, id: string) =>
    errors[name] ? (
      <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-800">
        {errors[name]}
      </p>
    ) : null;
  // A real multipart form: it carries the file with or without JavaScript, streamed by the server.
  return (
    <form method="post" encType="multipart/form-data" action={`/quests/${questId}/submission`} className="mt-3 space-y-4">
      {mine ? <p>Your submission: {submissionStateLabel(mine.state)}. You can change it until we triage it.</p> : null}
      <Errors result={result} />
      {mine ? <input type="hidden" name="edit" value="true" /> : null}
      {view.displayName ? null : (
        <div>
          <label htmlFor="quest-name" className="block font-semibold">
            The name we show for you
          </label>
          <input
            id="quest-name"
            name="display_name"
            required
            maxLength={60}
            autoComplete="nickname"
            defaultValue={typed.display_name ?? ""}
            className={field}
            {...described("display_name", "quest-name")}
          />
          {fieldError("display_name", "quest-name")}
        </div>
      )}
      <div>
        <label htmlFor="quest-body" className="block font-semibold">
          Your submission
        </label>
        <textarea
          id="quest-body"
          name="body"
          rows={8}
          maxLength={10000}
          defaultValue={typed.body ?? mine?.body ?? ""}
          className={field}
          {...described("body", "quest-body")}
        />
        {fieldError("body", "quest-body")}
      </div>
      <div>
        <label htmlFor="quest-links" className="block font-semibold">
          Links (http or https, one a line, at most 5)
        </label>
        <textarea
          id="quest-links"
          name="links"
          rows={3}
          defaultValue={typed.links ?? mine?.links.join("\n") ?? ""}
          className={field}
          {...described("links", "quest-links")}
        />
        {fieldError("links", "quest-links")}
      </div>
      <div>
        <label htmlFor="quest-file" className="block font-semibold">
          One file (at most 10 MB{mine?.attachment ? `; replaces ${mine.attachment.name}` : ""})
        </label>
        <input id="quest-file" name="file" type="file" className="mt-1 block" {...described("file", "quest-file", "quest-file-note")} />
        <p id="quest-file-note" className="text-sm text-slate-700">
          Kept private: only you and the quest&apos;s judges can download it.
        </p>
        {fieldError("file", "quest-file")}
      </div>
      <div className="flex items-start gap-2">
        <input id="quest-credit" name="public_credit" type="checkbox" className="mt-1" defaultChecked={typed.public_credit === "on"} />
        <label htmlFor="quest-credit">Credit me publicly by my name on the quest pages and the hall of fame</label>
      </div>
      <button type="submit" className={button}>
        {mine ? "Save changes" : "Send my submission"}
      </button>
    </form>
  );
}
