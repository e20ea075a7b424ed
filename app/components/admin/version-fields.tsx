import { useId } from "react";
import { OS_OPTIONS } from "../../../contract/products";
import { Field, type FieldErrors } from "./form-field";

/** A version's requirement fields, in the order the release form and the edit form show them. */
const REQUIREMENTS = [
  ["ram", "RAM", "e.g. 8 GB"],
  ["gpu", "GPU", "e.g. Integrated"],
  ["processor", "Processor", "e.g. 4 cores, 2 GHz"],
  ["storage", "Storage", "e.g. 2 GB free"],
  ["network", "Network", "e.g. Broadband"],
] as const;
export const REQUIREMENT_NAMES = REQUIREMENTS.map(([name]) => name);
type Requirement = (typeof REQUIREMENTS)[number][0];

/** The version's price. No default unless given: an untouched Amount is an error, never a free version. */
export function AmountField({ defaultValue, error, hint }: { defaultValue?: string | number; error?: string; hint?: string }) {
  return (
    <Field
      label="Amount (₹)"
      name="amount"
      type="number"
      min={0}
      step="0.01"
      required
      defaultValue={defaultValue}
      error={error}
      hint={hint}
    />
  );
}

/** The operating systems a version runs on, as checkboxes named `os`; the error is tied to the group. */
export function OsFieldset({ checked, error }: { checked?: readonly string[]; error?: string }) {
  const errorId = `${useId()}-os-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      {/* At least one is required: marked like a required field's label (the mark is not part of the group's name). */}
      <legend className="text-sm font-medium">
        Operating System
        <span aria-hidden="true" className="text-red-700">
          {" "}
          *
        </span>
      </legend>
      <div className="mt-2 flex flex-wrap gap-4">
        {OS_OPTIONS.map((os) => (
          <label key={os} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="os"
              value={os}
              defaultChecked={checked?.includes(os)}
              aria-invalid={error ? true : undefined}
              className="h-4 w-4"
            />{" "}
            {os}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** RAM, GPU, processor, storage and network, each required; `placeholders` shows an example in each. */
export function RequirementFields({
  values,
  errors,
  placeholders = false,
}: {
  values?: Partial<Record<Requirement, string>> | null;
  errors: FieldErrors;
  placeholders?: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {REQUIREMENTS.map(([name, label, example]) => (
        <Field
          key={name}
          label={label}
          name={name}
          placeholder={placeholders ? example : undefined}
          defaultValue={values?.[name]}
          required
          error={errors[name]}
        />
      ))}
    </div>
  );
}
