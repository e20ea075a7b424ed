import { useRef, useState } from "react";
import toast from "react-hot-toast";
import { type VersionDetail, VersionUpdateSchema } from "../../../contract/admin-versions";
import { ApiError, api, errorMessage } from "../../lib/api-client";
import { Field, type FieldErrors, FormError, ProgressBar, buttonClass, issuesToErrors } from "./form-field";
import { useFocusFirstError } from "./use-focus-first-error";
import { AmountField, OsFieldset, REQUIREMENT_NAMES, RequirementFields } from "./version-fields";

/** Edits what PATCH /api/admin/product-versions/:id allows; the product and the version stay. */
export function VersionEditForm({ version, onSaved }: { version: VersionDetail; onSaved: () => void }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [progress, setProgress] = useState<"idle" | "running" | "done">("idle");
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      ...Object.fromEntries(REQUIREMENT_NAMES.map((k) => [k, String(form.get(k) ?? "")])),
      os: form.getAll("os").map(String),
      amount: Number(form.get("amount")),
      for_sale: form.get("for_sale") === "on",
      licence_term_months: Number(form.get("licence_term_months")),
      machine_limit: Number(form.get("machine_limit")),
      features: String(form.get("features") ?? "")
        .split("\n")
        .map((f) => f.trim())
        .filter(Boolean),
    };
    if (String(form.get("amount") ?? "").trim() === "") return setErrors({ amount: "Enter the price (0 only for a free version)." });
    const checked = VersionUpdateSchema.safeParse(body);
    if (!checked.success) return setErrors(issuesToErrors(checked.error.issues));
    setErrors({});
    setProgress("running");
    try {
      await api(`/api/admin/product-versions/${version.id}`, { method: "PATCH", json: checked.data });
      toast.success("Changes saved.");
      setProgress("idle");
      onSaved();
    } catch (error) {
      setErrors(
        error instanceof ApiError && Object.keys(error.errors).length
          ? error.errors
          : { form: errorMessage(error, "The server could not be reached.") },
      );
      setProgress("idle");
    }
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="mt-4 space-y-4" aria-labelledby="edit-title">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <AmountField defaultValue={version.amount} error={errors.amount} />
        <Field
          label="Licence term (months)"
          name="licence_term_months"
          type="number"
          min={1}
          required
          defaultValue={version.licence_term_months}
          error={errors.licence_term_months}
        />
        <Field
          label="Machine limit"
          name="machine_limit"
          type="number"
          min={1}
          required
          defaultValue={version.machine_limit}
          error={errors.machine_limit}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="for_sale" defaultChecked={version.for_sale} className="h-4 w-4" /> For sale in the store (needs an
        amount above 0)
      </label>
      <OsFieldset checked={version.os} error={errors.os} />
      <RequirementFields values={version} errors={errors} />
      <div>
        <label htmlFor="edit-features" className="text-sm font-medium">
          Features (one per line)
        </label>
        <textarea
          id="edit-features"
          name="features"
          rows={4}
          defaultValue={version.features.join("\n")}
          className="mt-1 block w-full rounded border border-slate-400 px-3 py-2 text-sm"
        />
      </div>
      <FormError message={errors.form} />
      <ProgressBar state={progress} />
      <button type="submit" className={buttonClass} disabled={progress === "running"}>
        {progress === "running" ? "Saving..." : "Save changes"}
      </button>
    </form>
  );
}
