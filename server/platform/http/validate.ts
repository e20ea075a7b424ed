import type { Context } from "hono";
import type { z } from "zod";
import { formBooleans } from "../../../contract/form-booleans";
import { parseWith } from "../validate-input";
import { HttpError, badRequest } from "./errors";

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
    // A form's checkbox ("on", "true", or nothing) is the schema's boolean, as in a page action.
    raw = formBooleans(schema, await readForm(c, options.form.jsonFields));
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
