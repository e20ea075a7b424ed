import { useMemo, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useActionData, useFetcher } from "react-router";
import type { VersionDetail } from "../../../contract/admin-versions";
import { PRODUCT_MESSAGES, ProductVersionInputSchema } from "../../../contract/products";
import type { FormResult } from "../../lib/form-result";
import { CheckboxField, Field, type FieldErrors, FormError, ProgressBar, buttonClass, issuesToErrors } from "./form-field";
import { type Row, RowsEditor } from "./rows-editor";
import { useFocusFirstError } from "./use-focus-first-error";
import { useFormResult } from "./use-form-result";
import { useHydrated } from "./use-hydrated";
import { AmountField, OsFieldset, REQUIREMENT_NAMES, RequirementFields } from "./version-fields";
const FEATURE_COLUMNS = [{ key: "text" as const, label: "Feature" }];
const EXTERNAL_COLUMNS = [
  { key: "name" as const, label: "Name" },
  { key: "os" as const, label: "OS" },
  { key: "link" as const, label: "Link", type: "url", placeholder: "https://" },
  { key: "version" as const, label: "Version" },
];
const PYTHON_COLUMNS = [
  { key: "name" as const, label: "Name" },
  { key: "version" as const, label: "Version" },
];

const filled = <K extends string>(rows: Row<K>[]) => rows.filter((row) => Object.values<string>(row).some((v) => v.trim()));

/**
 * The Product Requirements form of a major / minor release. `from` pre-fills it
 * from an earlier version (requirements, dependencies, packages, price); `product` fixes the product.
 */
export function ProductVersionForm({ from, product }: { from?: VersionDetail | null; product?: { id: string; name: string } | null }) {
  const hydrated = useHydrated();
  // Keyed: a stored version re-runs the screen's loader, whose new `from` mounts this form again; the
  // answer (and its toast) must reach the new form.
  const fetcher = useFetcher<FormResult>({ key: "product-version-form" });
  // After a plain post (no JavaScript) the page comes back with the action's answer.
  const posted = useActionData<FormResult>();
  const [features, setFeatures] = useState<Row<"text">[]>(from?.features.length ? from.features.map((text) => ({ text })) : [{ text: "" }]);
  const [external, setExternal] = useState<Row<"name" | "os" | "link" | "version">[]>(from?.external ?? []);
  const [python, setPython] = useState<Row<"name" | "version">[]>(from?.python ?? []);
  const [errors, setErrors] = useState<FieldErrors>(posted && !posted.ok ? posted.errors : {});
  const [formError, setFormError] = useState(posted && !posted.ok ? posted.message : "");
  const [checking, setChecking] = useState(false);
  const submitting = checking || fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  // One object per failure: a new one on every render re-ran the hook and pulled the focus back to the
  // first message on each keystroke in the (controlled) feature and dependency rows.
  const focusErrors = useMemo(() => (formError ? { ...errors, form: formError } : errors), [errors, formError]);
  useFocusFirstError(formRef, focusErrors);

  useFormResult(fetcher.data, fetcher.state === "idle", (result) => {
    if (result.ok) {
      toast.success(result.message);
      formRef.current?.reset();
      setFeatures([{ text: "" }]);
      setExternal([]);
      setPython([]);
      setErrors({});
    } else {
      setErrors(result.errors);
      setFormError(result.message);
      toast.error(PRODUCT_MESSAGES.failure);
    }
  });

  // With JavaScript: the same checks first (their toast names what is missing), then the action.
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const text = (key: string) => String(form.get(key) ?? "");
    setChecking(true);
    setFormError("");
    const os = form.getAll("os").map(String);
    // product_id, product_name and at least one operating system are required: else the toast and stop.
    if (!text("product_id").trim() || !text("product_name").trim() || os.length === 0) {
      setErrors({
        ...(text("product_id").trim() ? {} : { product_id: "Enter a product ID." }),
        ...(text("product_name").trim() ? {} : { product_name: "Enter the product name." }),
        ...(os.length ? {} : { os: "Choose at least one operating system." }),
      });
      setChecking(false);
      toast.error(PRODUCT_MESSAGES.missingFields);
      return;
    }
    const body = {
      ...Object.fromEntries(["product_id", "product_name", "version", ...REQUIREMENT_NAMES, "amount"].map((k) => [k, text(k)])),
      os,
      features: features.map((f) => f.text.trim()).filter(Boolean),
      external: filled(external),
      python: filled(python),
      // A draft is seen by admins only until it is published on the version's screen.
      ...(form.get("draft") === "on" ? { draft: true } : {}),
    };
    const checked = ProductVersionInputSchema.safeParse(body);
    setChecking(false);
    if (!checked.success) {
      setErrors(issuesToErrors(checked.error.issues));
      toast.error(PRODUCT_MESSAGES.failure);
      return;
    }
    void fetcher.submit(formElement, { method: "post" });
  }

  return (
    <form
      ref={formRef}
      method="post"
      onSubmit={onSubmit}
      // The form's own checks show their messages on the fields; the browser's bubbles would block them.
      noValidate
      className="mt-6 space-y-6 rounded-lg bg-white p-4 shadow md:p-6"
      aria-describedby={formError ? "product-form-error" : undefined}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Product ID"
          name="product_id"
          required
          readOnly={Boolean(product)}
          defaultValue={product?.id}
          error={errors.product_id}
          hint={product ? "An existing product: choose another above" : "Lower-case letters, digits and dashes, e.g. dirx"}
        />
        <Field
          label="Product Name"
          name="product_name"
          required
          readOnly={Boolean(product)}
          defaultValue={product?.name}
          error={errors.product_name}
          className="[&_input]:lowercase"
        />
        <Field
          label="Version"
          name="version"
          required
          placeholder="1.0"
          error={errors.version}
          hint={from ? `Started from ${from.version}: type the new version` : undefined}
        />
        {/* No default: an untouched Amount is an error, not a free version (0 is typed on purpose). */}
        <AmountField defaultValue={from ? from.amount : undefined} error={errors.amount} hint="Type 0 only for a free version" />
      </div>
      <OsFieldset checked={from?.os} error={errors.os} />
      <RequirementFields values={from} errors={errors} placeholders />
      <RowsEditor
        legend="Features"
        name="features"
        columns={FEATURE_COLUMNS}
        rows={features}
        onChange={setFeatures}
        errors={errors}
        itemLabel="feature"
      />
      <RowsEditor
        legend="External Dependencies"
        name="external"
        columns={EXTERNAL_COLUMNS}
        rows={external}
        onChange={setExternal}
        errors={errors}
        itemLabel="dependency"
      />
      <RowsEditor
        legend="Python Packages"
        name="python"
        columns={PYTHON_COLUMNS}
        rows={python}
        onChange={setPython}
        errors={errors}
        itemLabel="package"
      />
      <CheckboxField name="draft" label="Save as draft (not on the release notes until published)" error={errors.draft} />
      <FormError id="product-form-error" message={formError} />
      {/* Without JavaScript there is no toast: the page says it here. */}
      {!hydrated && posted?.ok ? (
        <p role="status" className="text-sm text-green-800">
          {posted.message}
        </p>
      ) : null}
      <ProgressBar state={submitting ? "running" : "idle"} />
      <button type="submit" className={buttonClass} disabled={submitting}>
        {submitting ? "Submitting..." : "Submit"}
      </button>
    </form>
  );
}
