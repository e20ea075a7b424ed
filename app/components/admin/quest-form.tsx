import { useEffect, useId, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useActionData, useFetcher } from "react-router";
import { LINE_BREAK_MARKER, QUEST_MESSAGES, type Quest, QuestCreateSchema, QuestUpdateSchema } from "../../../contract/quests";
import type { FormResult } from "../../lib/form-result";
import { Field, type FieldErrors, FormError, buttonClass, inputClass, issuesToErrors, secondaryButtonClass } from "./form-field";
import { FormOutcome } from "./form-outcome";
import { useFocusFirstError } from "./use-focus-first-error";
import { useFormResult } from "./use-form-result";

type EditProps = { quest: Quest; onSaved: () => void; onCancel: () => void };

/**
 * Add New Module (title, description with the line-break marker, prize), or with `quest` the same
 * fields pre-filled to edit it: then every message sits under its field, which gets the focus, and
 * Cancel closes the form. Both post to their screen's action (app/routes/admin/quests.server.ts):
 * through a fetcher after the same check with JavaScript, as a plain post without (adding).
 */
export function QuestForm(props: Partial<EditProps> = {}) {
  const editing = props.quest ? (props as EditProps) : null;
  const descriptionId = useId();
  const fetcher = useFetcher<FormResult<number>>();
  // After a plain post (no JavaScript) the page comes back with the action's answer.
  const actionData = useActionData<FormResult>();
  const posted = editing ? undefined : actionData;
  const [errors, setErrors] = useState<FieldErrors>(posted && !posted.ok ? { ...posted.errors, form: posted.message } : {});
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  const isEdit = editing !== null;
  // Add and edit alike: after a refused submit the focus goes to the first message, not only a toast.
  useFocusFirstError(formRef, errors);
  // Opening an edit puts the admin in its first field.
  useEffect(() => {
    if (isEdit) formRef.current?.querySelector<HTMLInputElement>('input:not([type="hidden"])')?.focus();
  }, [isEdit]);

  useFormResult(fetcher.data, fetcher.state === "idle", (result) => {
    if (result.ok) {
      toast.success(result.message);
      setErrors({});
      if (editing) editing.onSaved();
      else formRef.current?.reset();
      return;
    }
    // No field to put it on (the server down, the session gone): the form's alert says why, focused.
    setErrors(Object.keys(result.errors).length ? result.errors : { form: result.message });
    if (!editing) toast.error(QUEST_MESSAGES.failure);
  });

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const fields = Object.fromEntries(["title", "description", "prize"].map((name) => [name, new FormData(formElement).get(name)]));
    const checked = (editing ? QuestUpdateSchema : QuestCreateSchema).safeParse(fields);
    if (!checked.success) {
      setErrors(issuesToErrors(checked.error.issues));
      if (!editing) toast.error(QUEST_MESSAGES.failure);
      return;
    }
    setErrors({});
    void fetcher.submit(formElement, { method: "post" });
  }

  return (
    <form
      ref={formRef}
      method="post"
      onSubmit={onSubmit}
      noValidate={!!editing}
      aria-label={editing ? `Edit ${editing.quest.title}` : undefined}
      className={
        editing ? "mt-3 space-y-4 rounded border border-slate-300 p-3" : "mt-6 max-w-2xl space-y-4 rounded-lg bg-white p-4 shadow md:p-6"
      }
    >
      {editing ? (
        <>
          <input type="hidden" name="intent" value="edit" />
          <input type="hidden" name="id" value={editing.quest.id} />
        </>
      ) : null}
      <Field label="Title" name="title" required maxLength={200} defaultValue={editing?.quest.title} error={errors.title} />
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
          defaultValue={editing?.quest.description}
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
      <Field
        label="Prize"
        name="prize"
        required
        maxLength={50}
        placeholder="e.g. $12"
        defaultValue={editing?.quest.prize}
        error={errors.prize}
      />
      <FormError message={errors.form} />
      {posted?.ok ? <FormOutcome result={posted} /> : null}
      {editing ? (
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy ? "Saving..." : "Save quest"}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={editing.onCancel} disabled={busy}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="submit" className={buttonClass} disabled={busy}>
          {busy ? "Adding..." : "Add Module"}
        </button>
      )}
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
