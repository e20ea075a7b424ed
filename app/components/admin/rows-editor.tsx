import { useId } from "react";
import { type FieldErrors, inputClass, secondaryButtonClass } from "./form-field";

export type Row<K extends string> = Record<K, string>;
type Column<K extends string> = { key: K; label: string; placeholder?: string; type?: string };

type Props<K extends string> = {
  legend: string;
  /** Field name in the API body, for matching `errors` such as "external.0.link". */
  name: string;
  columns: Column<K>[];
  rows: Row<K>[];
  onChange: (rows: Row<K>[]) => void;
  errors?: FieldErrors;
  /** What one row is, for the Add button: "feature", "dependency", "package". */
  itemLabel: string;
};

export const emptyRow = <K extends string>(columns: { key: K }[]) => Object.fromEntries(columns.map((c) => [c.key, ""])) as Row<K>;

/** A repeatable group of inputs (features, dependencies, packages) with Add and Remove per row. */
export function RowsEditor<K extends string>({ legend, name, columns, rows, onChange, errors = {}, itemLabel }: Props<K>) {
  const id = useId();
  const single = columns.length === 1;
  const update = (index: number, key: K, value: string) => onChange(rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  return (
    <fieldset className="rounded border border-slate-300 p-3">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {rows.length === 0 ? <p className="text-sm text-slate-700">None yet.</p> : null}
      <ol className="space-y-3">
        {rows.map((row, index) => (
          <li key={index} className="flex flex-wrap items-end gap-2">
            {columns.map((column) => {
              const inputId = `${id}-${index}-${column.key}`;
              const error = errors[single ? `${name}.${index}` : `${name}.${index}.${column.key}`];
              return (
                <div key={column.key} className="min-w-32 flex-1">
                  <label htmlFor={inputId} className="block text-xs font-medium">
                    {column.label}
                    <span className="sr-only"> {index + 1}</span>
                  </label>
                  <input
                    id={inputId}
                    // Named as the contract's path, so a plain post (without JavaScript) sends the rows too.
                    name={single ? `${name}.${index}` : `${name}.${index}.${column.key}`}
                    type={column.type ?? "text"}
                    value={row[column.key]}
                    placeholder={column.placeholder}
                    onChange={(event) => update(index, column.key, event.target.value)}
                    className={inputClass}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${inputId}-error` : undefined}
                  />
                  {error ? (
                    <p id={`${inputId}-error`} className="mt-1 text-xs text-red-700">
                      {error}
                    </p>
                  ) : null}
                </div>
              );
            })}
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
              aria-label={`Remove ${legend} ${index + 1}`}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={() => onChange([...rows, emptyRow(columns)])}>
        Add {itemLabel}
      </button>
    </fieldset>
  );
}
