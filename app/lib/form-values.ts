/**
 * A posted form as the plain object its contract schema reads, so a page action validates the same
 * shape the JSON API takes. `arrays` name the fields sent once per choice (checkboxes); a dotted name
 * ("features.0", "external.1.link") builds a list of rows, and a row left entirely blank is dropped
 * (an empty row on screen means "nothing here", as the JavaScript form treated it).
 */
export function formValues(form: FormData, arrays: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string" || isRowField(key)) continue;
    if (arrays.includes(key)) out[key] = [...((out[key] as string[] | undefined) ?? []), value];
    else if (!key.startsWith("_")) out[key] = value;
  }
  for (const name of arrays) out[name] ??= [];
  for (const [name, rows] of Object.entries(keptRows(form))) out[name] = rows.map(([, row]) => row);
  return out;
}

/**
 * Field errors of rows ("ranges.0.fixed") named by the row's place in the posted form. The schema and
 * the services count only the rows formValues kept, so with a blank row above it a refused row's
 * error would name the row before it; the form shows each error beside the row that was filled in.
 */
export function errorsByPostedRow(errors: Record<string, string>, form: FormData): Record<string, string> {
  const posted = Object.fromEntries(Object.entries(keptRows(form)).map(([name, rows]) => [name, rows.map(([index]) => index)]));
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => {
      const [name, index, ...rest] = path.split(".");
      const at = posted[name]?.[Number(index)];
      return [at === undefined || !/^\d+$/.test(index ?? "") ? path : [name, at, ...rest].join("."), message];
    }),
  );
}

const isRowField = (key: string) => /^[^.]+\.\d+(\.|$)/.test(key);

/** Each list's rows that are not blank, with their index in the form, in order. */
function keptRows(form: FormData): Record<string, [number, unknown][]> {
  const lists: Record<string, Map<number, unknown>> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string" || !isRowField(key)) continue;
    const [name, index, column] = key.split(".");
    const rows = (lists[name] ??= new Map());
    if (column === undefined) rows.set(Number(index), value);
    else rows.set(Number(index), { ...((rows.get(Number(index)) as object | undefined) ?? {}), [column]: value });
  }
  return Object.fromEntries(
    Object.entries(lists).map(([name, rows]) => [
      name,
      [...rows.entries()]
        .sort(([a], [b]) => a - b)
        .filter(([, row]) => (typeof row === "string" ? row.trim() : Object.values(row as object).some((v) => String(v).trim()))),
    ]),
  );
}
