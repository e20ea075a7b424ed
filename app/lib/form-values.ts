/**
 * A posted form as the plain object its contract schema reads, so a page action validates the same
 * shape the JSON API takes. `arrays` name the fields sent once per choice (checkboxes); a dotted name
 * ("features.0", "external.1.link") builds a list of rows, and a row left entirely blank is dropped
 * (an empty row on screen means "nothing here", as the JavaScript form treated it).
 */
export function formValues(form: FormData, arrays: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const lists: Record<string, Map<number, unknown>> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") continue;
    const [name, index, column] = key.split(".");
    if (arrays.includes(key)) {
      out[key] = [...((out[key] as string[] | undefined) ?? []), value];
    } else if (index !== undefined && /^\d+$/.test(index)) {
      const rows = (lists[name] ??= new Map());
      if (column === undefined) rows.set(Number(index), value);
      else rows.set(Number(index), { ...((rows.get(Number(index)) as object | undefined) ?? {}), [column]: value });
    } else if (!key.startsWith("_")) {
      out[key] = value;
    }
  }
  for (const name of arrays) out[name] ??= [];
  for (const [name, rows] of Object.entries(lists)) {
    out[name] = [...rows.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, row]) => row)
      .filter((row) => (typeof row === "string" ? row.trim() : Object.values(row as object).some((v) => String(v).trim())));
  }
  return out;
}
