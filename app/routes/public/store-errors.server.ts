/** What a store page shows for a service's domain error: a sentence, the fields it concerns, a status. */
export type PageFailure = { message: string; errors: Record<string, string>; status: 400 | 404 | 409 | 429 | 503 };

/**
 * Maps the domain errors of server/services/errors.ts for a page action. Duck-typed on their
 * fields and class names: React Router's server build and the Hono server bundle each hold their
 * own copy of those classes, so `instanceof` would not match. Anything else is a genuine bug and
 * is rethrown (the error page, and a log line without internals).
 */
export function pageFailure(error: unknown): PageFailure {
  if (!(error instanceof Error)) throw error;
  const kind = error.constructor.name;
  const fields = (error as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};
  if (kind === "ThrottledError" || "retryAfterSeconds" in error) return { message: error.message, errors: {}, status: 429 };
  if (kind === "ConflictError") return { message: error.message, errors: fields, status: 409 };
  if (kind === "InvalidInputError") return { message: error.message, errors: fields, status: 400 };
  if (kind === "NotFoundError") return { message: error.message, errors: {}, status: 404 };
  // The payment provider did not answer: nothing was charged, the buyer may try again.
  if (kind === "UnavailableError") return { message: error.message, errors: {}, status: 503 };
  throw error;
}
