import { useId, useState } from "react";
import toast from "react-hot-toast";
import { LINE_BREAK_MARKER, QUEST_MESSAGES, QuestCreateSchema } from "../../../contract/quests";
import { ApiError, api } from "../../lib/api-client";
import { Field, type FieldErrors, buttonClass, inputClass, issuesToErrors } from "./form-field";
import { useHydrated } from "./use-hydrated";

/** Add New Module: title, description (with the line-break marker), prize. */
export function QuestForm() {
  const hydrated = useHydrated();
  const descriptionId = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const checked = QuestCreateSchema.safeParse(Object.fromEntries(new FormData(formElement)));
    if (!checked.success) {
      setErrors(issuesToErrors(checked.error.issues));
      toast.error(QUEST_MESSAGES.failure);
      return;
    }
    setBusy(true);
    try {
      await api("/api/devquests", { json: checked.data });
      toast.success(QUEST_MESSAGES.success);
      formElement.reset();
      setErrors({});
    } catch (error) {
      setErrors(error instanceof ApiError ? error.errors : {});
      toast.error(QUEST_MESSAGES.failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="mt-6 max-w-2xl space-y-4 rounded-lg bg-white p-4 shadow md:p-6">
      <Field label="Title" name="title" required maxLength={200} error={errors.title} />
      <div>
        <label htmlFor={descriptionId} className="text-sm font-medium">
          Description
        </label>
        <span aria-hidden="true" className="text-sm text-red-700">
          {" "}
          *
        </span>
        <textarea
          id={descriptionId}
          name="description"
          rows={6}
          required
          maxLength={5000}
          className={inputClass}
          aria-describedby={`${descriptionId}-hint${errors.description ? ` ${descriptionId}-error` : ""}`}
          aria-invalid={errors.description ? true : undefined}
        />
        <p id={`${descriptionId}-hint`} className="mt-1 text-xs text-slate-700">
          Type <code className="rounded bg-slate-100 px-1">{LINE_BREAK_MARKER}</code> where a new line should start, e.g. Step one
          {LINE_BREAK_MARKER}Step two.
        </p>
        {errors.description ? (
          <p id={`${descriptionId}-error`} className="mt-1 text-sm text-red-700">
            {errors.description}
          </p>
        ) : null}
      </div>
      <Field label="Prize" name="prize" required maxLength={50} placeholder="e.g. $12" error={errors.prize} />
      <button type="submit" className={buttonClass} disabled={!hydrated || busy}>
        {busy ? "Adding..." : "Add Module"}
      </button>
    </form>
  );
}

/** A quest description with the form's line-break marker (and real newlines) shown as line breaks. */
export function QuestDescription({ text }: { text: string }) {
  const lines = text.split(LINE_BREAK_MARKER).flatMap((part) => part.split("\n"));
  return (
    <p className="text-sm text-slate-800">
      {lines.map((line, i) => (
        <span key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </p>
  );
}
