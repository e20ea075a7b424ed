import { describeError } from "../../../server/platform/errors";

/** What a store page shows for a service's domain error: a sentence, the fields it concerns, a status. */
export type PageFailure = { message: string; errors: Record<string, string>; status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429 | 503 };

/**
 * A domain error as a page action shows it, from the one mapping (describeError, which recognises
 * the error by its `kind`, so the server bundle's copy of the classes matches too). Anything else
 * is a genuine bug and is rethrown (the error page, and a log line without internals).
 */
export function pageFailure(error: unknown): PageFailure {
  const described = describeError(error);
  if (!described) throw error;
  return { message: described.message, errors: described.fieldErrors, status: described.status };
}
