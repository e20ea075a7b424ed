/** One JSON line per event on stdout. Callers never pass passwords, tokens or message bodies. */
export function logLine(fields: Record<string, unknown>): void {
  process.stdout.write(JSON.stringify({ time: new Date().toISOString(), ...fields }) + "\n");
}

/**
 * What an unexpected error may say in a log line. Drizzle's query errors carry the whole SQL and
 * its parameters (contact message text, coupon codes, e-mail addresses) in their message, so for
 * those only the statement's first words and the database's SQLSTATE code are kept.
 */
export function describeErrorForLog(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { error: "non-Error thrown" };
  const cause = err.cause as { code?: unknown } | undefined;
  if (err.message.startsWith("Failed query:")) {
    const statement = err.message.slice("Failed query:".length).trim().split(/\s+/).slice(0, 3).join(" ");
    return { error: "database query failed", statement, sqlState: typeof cause?.code === "string" ? cause.code : undefined };
  }
  // Database driver errors may quote a value ("invalid input syntax ... "), so keep them short.
  return { error: err.message.slice(0, 200), errorName: err.name };
}
