import { useId } from "react";
import { fieldErrorsOf } from "../../../contract/field-errors";

export const inputClass =
  "mt-1 block w-full rounded border border-slate-400 bg-white px-3 py-2 text-sm focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700 aria-[invalid=true]:border-red-700 read-only:bg-slate-100";
export const buttonClass =
  "rounded bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:cursor-not-allowed disabled:opacity-60";
export const secondaryButtonClass =
  "rounded border border-slate-400 bg-white px-3 py-1.5 text-sm hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60";

type FieldProps = React.InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string };

/** A labelled input with its hint and its error (server or client) tied to it for screen readers. */
export function Field({ label, error, hint, className, id: givenId, ...input }: FieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} required={input.required} />
      <input id={id} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-700">
          {hint}
        </p>
      ) : null}
      <FieldMessage id={id} error={error} />
    </div>
  );
}

type CheckboxProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, "type"> & { label: React.ReactNode; error?: string };

/** A labelled checkbox with its error beside it, tied to it like a Field's (a refused box is marked too). */
export function CheckboxField({ label, error, className, id: givenId, ...input }: CheckboxProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <div className={className}>
      <label htmlFor={id} className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          className="h-4 w-4"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />{" "}
        {label}
      </label>
      <FieldMessage id={id} error={error} />
    </div>
  );
}

/** A control's label; the required mark sits outside it so the control's name stays exactly the label. */
function FieldLabel({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {required ? (
        <span aria-hidden="true" className="text-sm text-red-700">
          {" "}
          *
        </span>
      ) : null}
    </>
  );
}

/** A control's error, at `${id}-error` (the id its aria-describedby names). */
function FieldMessage({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  );
}

/**
 * A form's own message (not one field's: the server unreachable, a refusal with no field), as an
 * alert so it is announced, and focusable by useFocusFirstError when it is the first problem.
 */
export function FormError({ message, id }: { message?: string; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {message}
    </p>
  );
}

/** The server's (or the client's) per-field messages, keyed by field name or dotted path. */
export type FieldErrors = Record<string, string>;

/** zod issues as `{ "path.to.field": message }`, the same shape the API's `errors` has. */
export const issuesToErrors = (issues: { path: PropertyKey[]; message: string }[]): FieldErrors => fieldErrorsOf(issues, "form");

/** A thin progress bar for a running submit: part-way while waiting, full when done. */
export function ProgressBar({ state }: { state: "idle" | "running" | "done" }) {
  if (state === "idle") return null;
  const value = state === "running" ? 60 : 100;
  return (
    <div
      role="progressbar"
      aria-label="Submitting"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="h-1.5 w-full overflow-hidden rounded bg-slate-200"
    >
      <div className="h-full bg-blue-700 transition-[width] duration-700" style={{ width: `${value}%` }} />
    </div>
  );
}

type SelectProps = React.SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: { value: string; label: string }[];
  placeholder?: string;
  error?: string;
};

/** A labelled select; `placeholder` adds a first, empty choice; its error is tied to it like a Field's. */
export function SelectField({ label, options, placeholder, className, error, id: givenId, ...select }: SelectProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} required={select.required} />
      <select
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessage id={id} error={error} />
    </div>
  );
}
