import { useEffect, useId, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useFetcher } from "react-router";
import { type AdminPatch, PatchUpdateSchema } from "../../../../contract/patches";
import type { FormResult } from "../../../lib/form-result";
import { CancelButton } from "../cancel-button";
import { Field, type FieldErrors, FormError, buttonClass, inputClass, issuesToErrors, secondaryButtonClass } from "../form-field";
import { useFocusFirstError } from "../use-focus-first-error";
import { useFormResult } from "../use-form-result";

type Patch = Pick<AdminPatch, "id" | "patch_version" | "features">;
export type PatchResult = FormResult<{ id: number }>;

/** The first message about the feature list or one of its lines ("features", "features.3"). */
const featuresError = (errors: FieldErrors) =>
  Object.entries(errors).find(([key]) => key === "features" || key.startsWith("features."))?.[1];

/** The refusal's messages by field, or its sentence as the form's own message. */
const errorsOf = (result: PatchResult | undefined): FieldErrors =>
  result && !result.ok ? (Object.keys(result.errors).length ? result.errors : { form: result.message }) : {};

/**
 * Edits one patch release in place, pre-filled with what is stored: intent=patch-edit to the
 * screen's action (app/routes/admin/version-parts.server.ts), through a fetcher after the same check
 * with JavaScript, as a plain post without (`posted` is then this patch's refusal). Field messages
 * from the check here or from the server sit under their field, which gets the focus.
 */
export function PatchEditForm({
  patch,
  posted,
  onSaved,
  onCancel,
}: {
  patch: Patch;
  posted?: PatchResult;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const fetcher = useFetcher<PatchResult>({ key: `patch-edit-${patch.id}` });
  const [errors, setErrors] = useState<FieldErrors>(errorsOf(posted));
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  useFocusFirstError(formRef, errors);
  // Opening the form puts the admin in its first field.
  useEffect(() => formRef.current?.querySelector<HTMLInputElement>("input:not([type=hidden])")?.focus(), []);

  useFormResult(fetcher.data, !busy, (result) => {
    setErrors(errorsOf(result));
    if (!result.ok) return;
    toast.success(result.message);
    onSaved();
  });

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = PatchUpdateSchema.safeParse({
      patch_version: String(form.get("patch_version") ?? ""),
      features: String(form.get("features") ?? "").split("\n"),
    });
    if (!checked.success) return setErrors(issuesToErrors(checked.error.issues));
    setErrors({});
    void fetcher.submit(event.currentTarget, { method: "post" });
  }

  const featureMessage = featuresError(errors);
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      onSubmit={submit}
      noValidate
      className="mt-3 space-y-3 rounded border border-slate-300 p-3"
      aria-label={`Edit patch ${patch.patch_version}`}
    >
      <input type="hidden" name="intent" value="patch-edit" />
      <input type="hidden" name="id" value={patch.id} />
      <Field
        label="Patch version"
        name="patch_version"
        required
        defaultValue={patch.patch_version}
        error={errors.patch_version}
        hint="Newer than the patch before it, older than the patch after it."
        className="max-w-xs"
      />
      <div>
        <label htmlFor={`${id}-features`} className="text-sm font-medium">
          Features (one per line)
        </label>
        <textarea
          id={`${id}-features`}
          name="features"
          rows={Math.min(8, Math.max(3, patch.features.length + 1))}
          defaultValue={patch.features.join("\n")}
          className={inputClass}
          aria-invalid={featureMessage ? true : undefined}
          aria-describedby={featureMessage ? `${id}-features-error` : undefined}
        />
        {featureMessage ? (
          <p id={`${id}-features-error`} className="mt-1 text-sm text-red-700">
            {featureMessage}
          </p>
        ) : null}
      </div>
      <FormError message={errors.form} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass} disabled={busy}>
          {busy ? "Saving..." : "Save patch"}
        </button>
        <CancelButton className={secondaryButtonClass} onCancel={onCancel} disabled={busy} />
      </div>
    </fetcher.Form>
  );
}
