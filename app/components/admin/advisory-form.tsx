import { useId, useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { FormResult } from "../../lib/form-result";
import { buttonClass, CheckboxField, Field, FormError, inputClass, SelectField } from "./form-field";
import { useFocusFirstError } from "./use-focus-first-error";

export type AdvisoryFormValues = {
  title: string;
  summary: string;
  details: string;
  productId: string;
  ranges: { introduced: string; fixed: string | null }[];
  cvssVector: string;
  cveId: string | null;
  credits: { name: string; consent: boolean }[];
};

const RANGE_ROWS = 3;
const CREDIT_ROWS = 3;

/** Rows on screen: the saved ones, then blank ones up to `rows` (a blank row is dropped when posted). */
const padded = <T,>(saved: T[], rows: number, blank: T): T[] => [
  ...saved,
  ...Array.from({ length: Math.max(0, rows - saved.length) }, () => blank),
];

/**
 * The advisory's fields, for a new draft and for an edit. A plain form post (the page action reads it
 * with readForm and the contract's schema); each refused field shows its message beside it.
 */
export function AdvisoryForm({
  values,
  products,
  result,
  submitLabel,
  disabled = false,
}: {
  values?: AdvisoryFormValues;
  products: { id: string; name: string }[];
  result?: FormResult<unknown>;
  submitLabel: string;
  disabled?: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useNavigation().state === "submitting";
  const errors = result && !result.ok && result.intent !== "publish" && result.intent !== "withdraw" ? result.errors : {};
  useFocusFirstError(formRef, errors);
  const detailsId = useId();
  const v = values;
  return (
    <Form method="post" ref={formRef} className="mt-4 max-w-3xl space-y-4" noValidate>
      <input type="hidden" name="intent" value="save" />
      {result && !result.ok && Object.keys(errors).length ? <FormError message={result.message} /> : null}
      <Field label="Title" name="title" required maxLength={200} defaultValue={v?.title} error={errors.title} disabled={disabled} />
      <Field
        label="Summary"
        name="summary"
        required
        maxLength={300}
        defaultValue={v?.summary}
        error={errors.summary}
        hint="One line: shown in the list, the feed, the update check and the mail."
        disabled={disabled}
      />
      <div>
        <label htmlFor={detailsId} className="text-sm font-medium">
          Details (Markdown)
        </label>
        <textarea
          id={detailsId}
          name="details"
          rows={10}
          maxLength={50_000}
          defaultValue={v?.details}
          className={`${inputClass} font-mono`}
          aria-invalid={errors.details ? true : undefined}
          aria-describedby={errors.details ? `${detailsId}-error` : undefined}
          disabled={disabled}
        />
        {errors.details ? (
          <p id={`${detailsId}-error`} className="mt-1 text-sm text-red-700">
            {errors.details}
          </p>
        ) : null}
      </div>
      <SelectField
        label="Product"
        name="product_id"
        required
        defaultValue={v?.productId ?? ""}
        placeholder="Choose a product"
        options={products.map((p) => ({ value: p.id, label: p.name }))}
        error={errors.product_id}
        disabled={disabled}
      />
      <fieldset className="rounded border border-slate-300 p-3">
        <legend className="px-1 text-sm font-medium">Affected versions</legend>
        <p className="text-xs text-slate-700">
          Each range covers the versions from the first affected one up to, not including, the fixing one. Write 0 as the first for every
          version before the fix; leave the fix empty when none is out.
        </p>
        {errors.ranges ? <p className="mt-1 text-sm text-red-700">{errors.ranges}</p> : null}
        {padded(v?.ranges ?? [], RANGE_ROWS, { introduced: "", fixed: "" }).map((r, i) => (
          <div key={i} className="mt-2 grid gap-2 sm:grid-cols-2">
            <Field
              label={`Range ${i + 1}: first affected version`}
              name={`ranges.${i}.introduced`}
              defaultValue={r.introduced}
              error={errors[`ranges.${i}.introduced`]}
              inputMode="decimal"
              disabled={disabled}
            />
            <Field
              label={`Range ${i + 1}: fixed in`}
              name={`ranges.${i}.fixed`}
              defaultValue={r.fixed ?? ""}
              error={errors[`ranges.${i}.fixed`]}
              inputMode="decimal"
              disabled={disabled}
            />
          </div>
        ))}
      </fieldset>
      <Field
        label="CVSS 3.1 vector"
        name="cvss_vector"
        required
        defaultValue={v?.cvssVector}
        error={errors.cvss_vector}
        hint="The base vector, e.g. CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H; the score and severity are computed from it."
        className="font-mono"
        disabled={disabled}
      />
      <Field
        label="CVE id (optional)"
        name="cve_id"
        defaultValue={v?.cveId ?? ""}
        error={errors.cve_id}
        hint="e.g. CVE-2026-12345"
        disabled={disabled}
      />
      <fieldset className="rounded border border-slate-300 p-3">
        <legend className="px-1 text-sm font-medium">Credits</legend>
        <p className="text-xs text-slate-700">Named publicly only when they agreed to it.</p>
        {padded(v?.credits ?? [], CREDIT_ROWS, { name: "", consent: false }).map((c, i) => (
          <div key={i} className="mt-2 grid items-end gap-2 sm:grid-cols-[1fr_auto]">
            <Field
              label={`Credit ${i + 1}: name`}
              name={`credits.${i}.name`}
              defaultValue={c.name}
              error={errors[`credits.${i}.name`]}
              disabled={disabled}
            />
            <CheckboxField
              label="Agreed to be listed"
              name={`credits.${i}.consent`}
              defaultChecked={c.consent}
              className="pb-2 text-sm"
              disabled={disabled}
            />
          </div>
        ))}
      </fieldset>
      {disabled ? null : (
        <button type="submit" className={buttonClass} disabled={busy}>
          {submitLabel}
        </button>
      )}
    </Form>
  );
}
