// India keeps one time zone, UTC+05:30, without daylight saving: a fixed offset is exact.
const IST_OFFSET_MS = 330 * 60_000;

/** The calendar date in India at `at`, as YYYY-MM-DD. */
export function indiaDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Indian financial year (1 April to 31 March, India time) holding `at`, e.g. "2026-27". */
export function financialYear(at: Date): string {
  const local = new Date(at.getTime() + IST_OFFSET_MS);
  const year = local.getUTCMonth() >= 3 ? local.getUTCFullYear() : local.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, "0")}`;
}
