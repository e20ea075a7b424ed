// One way to write time on every screen, mail and document: India time (docs/decisions/101-one-way-to-write-time.md).
// India keeps one zone, UTC+05:30, without daylight saving: a fixed offset is exact, and formatting by
// hand gives the server and every browser the same text (Intl's short months differ between ICU builds).

/** One day in milliseconds: the date ranges of the dashboard, coupons, audit and retention (one copy). */
export const DAY_MS = 86_400_000;

/** India's offset from UTC. */
export const IST_OFFSET_MS = 330 * 60_000;

/** A moment as a Date, an ISO string or epoch milliseconds. */
export type Instant = Date | string | number;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTHS_LONG = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const two = (n: number) => String(n).padStart(2, "0");

/** The wall clock in India at `at`, read with the getUTC* methods. */
const inIndia = (at: Instant) => new Date(new Date(at).getTime() + IST_OFFSET_MS);

/** The calendar day in India holding `at`, as YYYY-MM-DD (what every day filter compares). */
export const indiaDate = (at: Instant): string => inIndia(at).toISOString().slice(0, 10);

/** "28 Nov 2026": the day in India holding `at`. */
export function formatDate(at: Instant): string {
  const d = inIndia(at);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "28 Nov 2026, 16:34 IST": the moment in India. */
export function formatDateTime(at: Instant): string {
  const d = inIndia(at);
  return `${formatDate(at)}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} IST`;
}

/** "28 Nov 2026" for a calendar day given as YYYY-MM-DD (a blog article's date, a filter's day): no zone shift. */
export function formatDay(day: string): string {
  const [, y, m, d] = CALENDAR_DAY.exec(day) ?? [];
  if (!y) return day;
  return `${Number(d)} ${MONTHS[Number(m) - 1]} ${y}`;
}

/** "November 2026" for a month given as YYYY-MM. */
export function formatMonth(month: string): string {
  const [y, m] = month.split("-");
  return `${MONTHS_LONG[Number(m) - 1] ?? m} ${y}`;
}

/** The first moment of an India calendar day (YYYY-MM-DD): 00:00 IST, i.e. 18:30 UTC the day before. */
export const indiaDayStart = (day: string): Date => new Date(`${day}T00:00:00+05:30`);

/** The first moment after an India calendar day: a day filter's exclusive upper bound. */
export const indiaDayAfter = (day: string): Date => new Date(indiaDayStart(day).getTime() + DAY_MS);
