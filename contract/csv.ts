// CSV as the admin exports it (the API's streamed exports and the coupon screen's batch download):
// one rule for both, with no Node or browser dependency.

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled.
 * A text starting with = + - @ (or tab/CR) is prefixed with ' so a spreadsheet never runs it as a formula.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: unknown[]) => `${values.map(csvField).join(",")}\r\n`;
