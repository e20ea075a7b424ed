import { useRef, useState } from "react";
import toast from "react-hot-toast";
import { useActionData, useFetcher } from "react-router";
import type { VersionDetail } from "../../../contract/admin-versions";
import type { FormResult } from "../../lib/form-result";
import { Field, type FieldErrors, FormError, ProgressBar, buttonClass } from "./form-field";
import { FormOutcome } from "./form-outcome";
import { useFocusFirstError } from "./use-focus-first-error";
import { useFormResult } from "./use-form-result";
import { AmountField, OsFieldset, RequirementFields } from "./version-fields";

/**
 * Edits what PATCH /api/admin/product-versions/:id allows; the product and the version stay. Posts
 * intent=edit to the screen's action (app/routes/admin/version-detail.server.ts): through a fetcher
 * with JavaScript, as a plain post without; the server's field errors sit by their fields.
 */
export function VersionEditForm({ version }: { version: VersionDetail }) {
  // Keyed: a saved edit re-runs the loader, whose new version mounts this form again (the screen keys
  // it by the version); the answer and its toast must reach the new form.
  const fetcher = useFetcher<FormResult>({ key: `version-edit-${version.id}` });
  const actionData = useActionData<FormResult>();
  const posted = actionData?.intent === "edit" ? actionData : undefined;
  const [errors, setErrors] = useState<FieldErrors>(posted && !posted.ok ? { ...posted.errors, form: posted.message } : {});
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);

  useFormResult(fetcher.data, fetcher.state === "idle", (result) => {
    if (result.ok) {
      toast.success(result.message);
      setErrors({});
    } else setErrors(Object.keys(result.errors).length ? result.errors : { form: result.message });
  });

  return (
    <fetcher.Form ref={formRef} method="post" noValidate className="mt-4 space-y-4" aria-labelledby="edit-title">
      <input type="hidden" name="intent" value="edit" />
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
        amount above 0, and a published release: a draft is never sold)
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
      {posted?.ok ? <FormOutcome result={posted} /> : null}
      <ProgressBar state={busy ? "running" : "idle"} />
      <button type="submit" className={buttonClass} disabled={busy}>
        {busy ? "Saving..." : "Save changes"}
      </button>
    </fetcher.Form>
  );
}
