/**
 * True when `err` (or an error it wraps) is PostgreSQL's unique_violation (SQLSTATE 23505).
 * pg and PGlite both put the SQLSTATE in `code`; Drizzle wraps driver errors in `cause`.
 * Checked in one place so every "duplicate -> 409" relies on the unique index, not on a racy pre-check.
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
