import { Form, useNavigation } from "react-router";
import { ADMIN_MOVES, SUBMISSION_STATE_LABELS, type SubmissionRow } from "../../../contract/quest-review";
import { formatDate, formatDateTime } from "../../../contract/time";
import { Field, SelectField, buttonClass, inputClass } from "./form-field";
import type { FormResult } from "../../lib/form-result";

/**
 * The quest page's Submissions section: every entry, its body shown as text (React escapes it: a
 * participant's `<script>` stays characters), and a form per entry to move it on with a note.
 */
export function QuestSubmissions({
  submissions,
  prizeKind,
  result,
}: {
  submissions: SubmissionRow[];
  prizeKind: string;
  result?: FormResult;
}) {
  return (
    <section aria-labelledby="submissions-heading" className="mt-8 max-w-4xl">
      <h2 id="submissions-heading" className="text-xl font-bold">
        Submissions
      </h2>
      {submissions.length === 0 ? <p className="mt-2 text-slate-700">No submissions yet.</p> : null}
      <ul className="mt-3 space-y-4">
        {submissions.map((s) => (
          <SubmissionItem key={s.id} s={s} prizeKind={prizeKind} result={result?.intent === `move-${s.id}` ? result : undefined} />
        ))}
      </ul>
    </section>
  );
}

function SubmissionItem({ s, prizeKind, result }: { s: SubmissionRow; prizeKind: string; result?: FormResult }) {
  const busy = useNavigation().state === "submitting";
  const moves = ADMIN_MOVES[s.state];
  const errors = result && !result.ok ? result.errors : {};
  const label = `Submission ${s.id} by ${s.displayName ?? s.email}`;
  return (
    <li className="rounded-lg bg-white p-4 shadow md:p-6" aria-label={label}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold break-words">
          {s.displayName ?? "(no display name)"} <span className="font-normal break-all text-slate-700">{s.email}</span>
        </h3>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-sm font-medium" data-testid="submission-state">
          {SUBMISSION_STATE_LABELS[s.state]}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        Sent {formatDateTime(s.createdAt)} · changed {formatDateTime(s.updatedAt)}
        {s.firstAnswerAt ? ` · first answer ${formatDateTime(s.firstAnswerAt)}` : ""}
        {s.paidAt ? ` · paid ${formatDate(s.paidAt)}` : ""}
      </p>
      <pre
        className="mt-2 max-h-80 overflow-auto rounded bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap"
        data-testid="submission-body"
      >
        {s.body}
      </pre>
      {s.links.length ? (
        <ul className="mt-2 space-y-1 text-sm" aria-label={`Links of submission ${s.id}`}>
          {s.links.map((link) => (
            <li key={link} className="break-all">
              {/* The participant's address: never followed with this page as referrer. */}
              <a href={link} rel="noopener noreferrer nofollow" className="text-blue-800 underline">
                {link}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {s.attachment ? (
        <p className="mt-2 text-sm">
          Attachment:{" "}
          <a href={`/api/admin/quests/submissions/${s.id}/attachment`} className="text-blue-800 underline">
            {s.attachment.name}
          </a>{" "}
          ({Math.ceil(s.attachment.size / 1024)} KB, downloaded, never opened here)
        </p>
      ) : null}
      {s.publicNote ? <p className="mt-2 text-sm break-words">Note to the participant: {s.publicNote}</p> : null}
      {s.paid ? <p className="mt-2 text-sm font-medium">Prize: {s.paid}</p> : null}
      {moves.length > 0 ? (
        <Form method="post" className="mt-3 space-y-3" aria-label={`Move submission ${s.id}`}>
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="submission_id" value={s.id} />
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label="New state"
              name="state"
              required
              defaultValue={moves[0]}
              options={moves.map((m) => ({ value: m, label: SUBMISSION_STATE_LABELS[m] }))}
              error={errors.state}
            />
            {moves.includes("paid") && prizeKind === "cash" ? <CashFields errors={errors} /> : null}
          </div>
          <div>
            <label htmlFor={`note-${s.id}`} className="text-sm font-medium">
              Note to the participant (mailed)
            </label>
            <textarea id={`note-${s.id}`} name="note" rows={2} maxLength={2000} className={inputClass} />
          </div>
          {result ? (
            <p role={result.ok ? "status" : "alert"} className={`text-sm ${result.ok ? "text-green-800" : "text-red-700"}`}>
              {result.message}
            </p>
          ) : null}
          <button type="submit" className={buttonClass} disabled={busy}>
            Move submission
          </button>
        </Form>
      ) : (
        <>
          {s.state === "needs_info" ? <p className="mt-3 text-sm text-slate-700">Waiting for the participant's answer.</p> : null}
          {result ? (
            <p role="status" className="mt-3 text-sm text-green-800">
              {result.message}
            </p>
          ) : null}
        </>
      )}
    </li>
  );
}

function CashFields({ errors }: { errors: Record<string, string> }) {
  return (
    <>
      <Field label="Paid by (method)" name="cash_method" hint="Only when marking paid." error={errors.cash_method} />
      <Field label="Payment reference" name="cash_reference" error={errors.cash_reference} />
      <Field label="Amount in ₹" name="cash_amount" inputMode="decimal" error={errors.cash_amount} />
      <Field label="Paid on" name="cash_paid_on" type="date" error={errors.cash_paid_on} />
    </>
  );
}
