// Dates on public screens are written one way, in India time: "28 Nov 2026". Built by hand rather
// than with Intl, so the server's render and the browser's hydration always print the same text.

const IST_OFFSET_MS = 330 * 60_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The India calendar day of an instant, e.g. "2026-11-28T19:00:00Z" → "29 Nov 2026". */
export function indiaDate(iso: string): string {
  const d = new Date(Date.parse(iso) + IST_OFFSET_MS);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
