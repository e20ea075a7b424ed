import type { z } from "zod";
import { fieldErrorsOf } from "../../contract/field-errors";
import { InvalidInputError } from "./errors";

// With the u flag a surrogate pair is one code point, so this matches only a lone half.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Where the input holds text PostgreSQL cannot take: a NUL character (text and jsonb refuse it) or a
 * lone UTF-16 surrogate (json refuses its escape; elsewhere it would be stored as U+FFFD). Either
 * fails the INSERT with a 500 (the contract fuzzing sends both). Iterative, because a 64 KB body of
 * nested arrays is deeper than the call stack.
 */
function textErrors(input: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  const stack: [unknown, string[]][] = [[input, []]];
  while (stack.length) {
    const [value, path] = stack.pop() as [unknown, string[]];
    if (typeof value === "string") {
      const key = path.length ? path.join(".") : "body";
      if (value.includes("\u0000")) errors[key] ??= "Remove the NUL character from this text.";
      else if (LONE_SURROGATE.test(value)) errors[key] ??= "This text is not valid Unicode.";
    } else if (value && typeof value === "object") {
      // Field names go a few levels deep; below that the path stops growing, so deep nesting stays linear.
      for (const [key, child] of Object.entries(value)) stack.push([child, path.length < 6 ? [...path, key] : path]);
    }
  }
  return errors;
}

/**
 * Validates input against its contract schema: storable text first, then the schema. Throws
 * InvalidInputError with one message per field. Used by services (input from page actions, the CLI)
 * and by the API's body and query reading (server/platform/http/validate.ts).
 */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const bad = textErrors(input);
  if (Object.keys(bad).length) throw new InvalidInputError("Some fields are missing or invalid.", bad);
  const result = schema.safeParse(input);
  if (!result.success) throw new InvalidInputError("Some fields are missing or invalid.", fieldErrorsOf(result.error.issues));
  return result.data;
}
