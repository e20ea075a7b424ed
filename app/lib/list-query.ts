import type { z } from "zod";
import { fieldErrorsOf } from "../../contract/field-errors";

/**
 * A list screen's query from its URL: the named parameters (empty ones dropped) plus fixed extras,
 * checked by the list's contract schema. A bad value is a field message on the screen, not an error
 * page: `errors` is keyed by parameter, and `query` is null when there is any.
 */
export function parseListQuery<S extends z.ZodType>(
  url: string,
  schema: S,
  keys: readonly string[],
  extra: Record<string, unknown> = {},
): { query: z.infer<S> | null; errors: Record<string, string> } {
  const params = new URL(url).searchParams;
  const raw = Object.fromEntries([...keys, "page"].map((key) => [key, params.get(key) || undefined]));
  const parsed = schema.safeParse({ ...raw, ...extra });
  if (parsed.success) return { query: parsed.data, errors: {} };
  // The API's mapping (first message per parameter), so the screen and a 400 answer say the same.
  return { query: null, errors: fieldErrorsOf(parsed.error.issues, "query") };
}
