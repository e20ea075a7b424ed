import { useEffect, useId, useRef, useState } from "react";
import toast from "react-hot-toast";
import { type AdminPatch, PatchUpdatedSchema, PatchUpdateSchema } from "../../../../contract/patches";
import { ApiError, api, errorMessage } from "../../../lib/api-client";
import { Field, type FieldErrors, FormError, buttonClass, inputClass, issuesToErrors, secondaryButtonClass } from "../form-field";
import { useFocusFirstError } from "../use-focus-first-error";

type Patch = Pick<AdminPatch, "id" | "patch_version" | "features">;

/** The first message about the feature list or one of its lines ("features", "features.3"). */
const featuresError = (errors: FieldErrors) =>
  Object.entries(errors).find(([key]) => key === "features" || key.startsWith("features."))?.[1];

/**
 * Edits one patch release in place (PATCH /api/admin/patches/:id), pre-filled with what is stored.
 * Field messages from the check here or from the server sit under their field, which gets the focus.
 */
export function PatchEditForm({ patch, onSaved, onCancel }: { patch: Patch; onSaved: (saved: AdminPatch) => void; onCancel: () => void }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  useFocusFirstError(formRef, errors);
  // Opening the form puts the admin in its first field.
  useEffect(() => formRef.current?.querySelector<HTMLInputElement>("input")?.focus(), []);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = PatchUpdateSchema.safeParse({
      patch_version: String(form.get("patch_version") ?? ""),
      features: String(form.get("features") ?? "").split("\n"),
    });
    if (!checked.success) return setErrors(issuesToErrors(checked.error.issues));
    setErrors({});
    setBusy(true);
    try {
      const answer = PatchUpdatedSchema.parse(await api(`/api/admin/patches/${patch.id}`, { method: "PATCH", json: checked.data }));
      toast.success(answer.message);
      onSaved(answer.patch);
    } catch (error) {
      // A 409 is another patch of this version with that number: it belongs under the field.
      if (error instanceof ApiError && error.status === 409) return setErrors({ patch_version: error.message });
      const fieldErrors = error instanceof ApiError ? error.errors : {};
      setErrors(Object.keys(fieldErrors).length ? fieldErrors : { form: errorMessage(error, "The server could not be reached.") });
    } finally {
      setBusy(false);
    }
  }

  const featureMessage = featuresError(errors);
  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="mt-3 space-y-3 rounded border border-slate-300 p-3"
      aria-label={`Edit patch ${patch.patch_version}`}
    >
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
        <button type="button" className={secondaryButtonClass} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
