import { formatDate, formatDateTime } from "../../../contract/time";

/**
 * A moment as every screen writes it: in India time ("28 Nov 2026, 16:34 IST", or the day alone),
 * the same on the server and in the browser, so the page hydrates as rendered whatever the
 * admin's own zone (docs/decisions/101-one-way-to-write-time.md).
 */
export function LocalTime({ iso, withTime = true }: { iso: string; withTime?: boolean }) {
  return <time dateTime={iso}>{withTime ? formatDateTime(iso) : formatDate(iso)}</time>;
}
