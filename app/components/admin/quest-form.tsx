import { useEffect, useId, useRef, useState } from "react";
import toast from "react-hot-toast";
import {
  LINE_BREAK_MARKER,
  QUEST_MESSAGES,
  type Quest,
  QuestCreateSchema,
  QuestUpdatedSchema,
  QuestUpdateSchema,
} from "../../../contract/quests";
import { ApiError, api, errorMessage } from "../../lib/api-client";
import { Field, type FieldErrors, FormError, buttonClass, inputClass, issuesToErrors, secondaryButtonClass } from "./form-field";
import { useFocusFirstError } from "./use-focus-first-error";
import { useHydrated } from "./use-hydrated";

type EditProps = { quest: Quest; onSaved: (quest: Quest) => void; onCancel: () => void };

/**
 * Add New Module (title, description with the line-break marker, prize), or with `quest` the same
 * fields pre-filled to edit it (PATCH /api/admin/quests/:id): then every message sits under its field,
 * which gets the focus, and Cancel closes the form.
 */
export function QuestForm(props: Partial<EditProps> = {}) {
  const editing = props.quest ? (props as EditProps) : null;
  const hydrated = useHydrated();
  const descriptionId = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const isEdit = editing !== null;
  // Add and edit alike: after a refused submit the focus goes to the first message (issue 14, friction 5).
  useFocusFirstError(formRef, errors);
  // Opening an edit puts the admin in its first field.
  useEffect(() => {
    if (isEdit) formRef.current?.querySelector<HTMLInputElement>("input")?.focus();
  }, [isEdit]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const fields = Object.fromEntries(new FormData(formElement));
    if (editing) return save(editing, fields);
    const checked = QuestCreateSchema.safeParse(fields);
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
      const fieldErrors = error instanceof ApiError ? error.errors : {};
      // No field to put it on (the server down, the session gone): the form's alert says why, focused.
      setErrors(Object.keys(fieldErrors).length ? fieldErrors : { form: errorMessage(error, "The server could not be reached.") });
      toast.error(QUEST_MESSAGES.failure);
    } finally {
      setBusy(false);
    }
  }

  async function save({ quest, onSaved }: EditProps, fields: Record<string, unknown>) {
    const checked = QuestUpdateSchema.safeParse(fields);
    if (!checked.success) return setErrors(issuesToErrors(checked.error.issues));
    setErrors({});
    setBusy(true);
    try {
      const answer = QuestUpdatedSchema.parse(await api(`/api/admin/quests/${quest.id}`, { method: "PATCH", json: checked.data }));
      toast.success("Quest saved.");
      onSaved(answer.quest);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.errors : {};
      setErrors(Object.keys(fieldErrors).length ? fieldErrors : { form: errorMessage(error, "The server could not be reached.") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate={!!editing}
      aria-label={editing ? `Edit ${editing.quest.title}` : undefined}
      className={
        editing ? "mt-3 space-y-4 rounded border border-slate-300 p-3" : "mt-6 max-w-2xl space-y-4 rounded-lg bg-white p-4 shadow md:p-6"
      }
    >
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
        <button type="submit" className={buttonClass} disabled={!hydrated || busy}>
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
