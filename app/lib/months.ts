import { indiaDate } from "../../contract/time";

// Calendar months as "YYYY-MM" for screens that pick a month (the invoice register is read per month).
export const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** India's calendar month holding `at`, e.g. "2026-08" (invoices are dated in India time). */
export const indiaMonth = (at: Date) => indiaDate(at).slice(0, 7);

/** A month's first and last day, e.g. 2026-02 → 2026-02-01 … 2026-02-28. */
export function monthDays(month: string): { from: string; to: string } {
  const [, y, m] = MONTH.exec(month) ?? [];
  const last = new Date(Date.UTC(Number(y), Number(m), 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

/** The month before or after, e.g. shift("2026-01", -1) → "2025-12". */
export function shiftMonth(month: string, by: number): string {
  const [, y, m] = MONTH.exec(month) ?? [];
  return new Date(Date.UTC(Number(y), Number(m) - 1 + by, 1)).toISOString().slice(0, 7);
}
