/**
 * PostgreSQL's SQLSTATE of `err` or of an error it wraps, if any. pg and PGlite both put it in
 * `code` (five characters whose class starts with a digit, F, H, P or X, unlike Node's EPIPE); Drizzle
 * wraps driver errors in `cause`. An error without one never reached the server's
 * verdict (e.g. a lost connection).
 */
export function sqlState(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9FHPX][0-9A-Z]{4}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * True when `err` is PostgreSQL's unique_violation (SQLSTATE 23505). Checked in one place so every
 * "duplicate -> 409" relies on the unique index, not on a racy pre-check.
 */
export function isUniqueViolation(err: unknown): boolean {
  return sqlState(err) === "23505";
}
