import type { Context } from "hono";
import type { z } from "zod";
import { HttpError, badRequest } from "./errors";

/** Turns zod issues into `{ field: message }`, first message per field, dotted paths. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "body";
    errors[key] ??= issue.message;
  }
  return errors;
}

// With the u flag a surrogate pair is one code point, so this matches only a lone half.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Where the input holds text PostgreSQL cannot take: a NUL character (text and jsonb refuse it) or a
 * lone UTF-16 surrogate (json refuses its escape; elsewhere it would be stored as U+FFFD). Either
 * failed the INSERT with a 500 (found by the contract fuzzing). Iterative, because a 64 KB body of
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

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const bad = textErrors(input);
  if (Object.keys(bad).length) throw badRequest("Some fields are missing or invalid.", bad);
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest("Some fields are missing or invalid.", fieldErrors(result.error));
  return result.data;
}

type BodyOptions = {
  /** Also accept urlencoded / multipart forms; `jsonFields` are JSON strings inside the form. */
  form?: { jsonFields: string[] };
};

/** Reads and validates a request body: 415 for an unsupported type, 400 for broken JSON or bad fields. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S, options: BodyOptions = {}): Promise<z.infer<S>> {
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  let raw: unknown;
  if (type === "application/json") {
    try {
      raw = await c.req.json();
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw badRequest("The request body is not valid JSON.");
    }
  } else if (options.form && (type === "application/x-www-form-urlencoded" || type === "multipart/form-data")) {
    raw = await readForm(c, options.form.jsonFields);
  } else {
    const accepted = options.form ? "application/json, application/x-www-form-urlencoded or multipart/form-data" : "application/json";
    throw new HttpError(415, `Send the body as ${accepted}.`);
  }
  return parseWith(schema, raw);
}

async function readForm(c: Context, jsonFields: string[]): Promise<Record<string, unknown>> {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw badRequest("The form body could not be read.");
  }
  const out: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (typeof value !== "string") {
      errors[key] = "Files are not accepted here.";
      continue;
    }
    if (!jsonFields.includes(key)) {
      out[key] = value;
      continue;
    }
    try {
      out[key] = JSON.parse(value);
    } catch {
      errors[key] = "Must be a JSON string.";
    }
  }
  if (Object.keys(errors).length) throw badRequest("Some fields are missing or invalid.", errors);
  return out;
}
