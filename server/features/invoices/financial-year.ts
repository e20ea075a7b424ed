import { IST_OFFSET_MS, indiaDate } from "../../../contract/time";

/** The calendar date in India at `at`, as YYYY-MM-DD. */
export { indiaDate };

/** The Indian financial year (1 April to 31 March, India time) holding `at`, e.g. "2026-27". */
export function financialYear(at: Date): string {
  const local = new Date(at.getTime() + IST_OFFSET_MS);
  const year = local.getUTCMonth() >= 3 ? local.getUTCFullYear() : local.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, "0")}`;
}
