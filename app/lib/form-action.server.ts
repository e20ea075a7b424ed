import type { z } from "zod";
import { data } from "react-router";
import { formBooleans } from "../../contract/form-booleans";
import { describeError, domainErrorKind, InvalidInputError } from "../../server/platform/errors";
import { parseWith } from "../../server/platform/validate-input";
import type { FormResult } from "./form-result";
import { errorsByPostedRow, formValues } from "./form-values";

/**
 * The one page-action convention (decision 112): the contract's schema reads the form (readForm,
 * readValues), the change runs inside formAction, and every answer is a FormResult. Admin, public and
 * signed-out pages all use this module; app/routes/admin/admin-action.server.ts adds the admin guards.
 */

/** A domain error as a page shows it: a sentence, the fields it concerns, a status and its headers. */
export type PageFailure = {
  message: string;
  errors: Record<string, string>;
  status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429 | 503;
  headers: Record<string, string>;
};

/**
 * A domain error mapped by the one mapping (describeError, which recognises the error by its `kind`,
 * so the server bundle's copy of the classes matches too). Anything else is a genuine bug and is
 * rethrown (the error page, and a log line without internals), and so is a thrown Response (a redirect).
 */
export function pageFailure(error: unknown): PageFailure {
  const described = describeError(error);
  if (!described) throw error;
  return {
    message: described.message,
    errors: described.fieldErrors,
    status: described.status as PageFailure["status"],
    headers: described.headers,
  };
}

/** A refusal as a form shows it. */
export const formFailure = (message: string, errors: Record<string, string> = {}, intent?: string): FormResult<never> => ({
  ok: false,
  message,
  errors,
  ...(intent && { intent }),
});

/**
 * The posted form, validated by the call's contract schema (the one the API validates with); a
 * checkbox's "on" is the schema's boolean (contract/form-booleans.ts).
 */
export function readForm<S extends z.ZodType>(form: FormData, schema: S, arrays: readonly string[] = []): z.infer<S> {
  return parseWith(schema, formBooleans(schema, formValues(form, arrays)));
}

/**
 * Values already gathered from a form, validated by the call's contract schema; booleans read as
 * readForm reads them. `refusal` replaces the general sentence of a refusal (the field errors stay).
 */
export function readValues<S extends z.ZodType>(values: unknown, schema: S, refusal?: string): z.infer<S> {
  try {
    return parseWith(schema, formBooleans(schema, values));
  } catch (error) {
    if (refusal && domainErrorKind(error) === "invalid_input")
      throw new InvalidInputError(refusal, (error as InvalidInputError).fieldErrors);
    throw error;
  }
}

/** Refuses a form field the contract's schema does not hold (e.g. a page-only field), as the schema's errors are refused. */
export function refuseFields(errors: Record<string, string>, message = "Some fields are missing or invalid."): never {
  throw new InvalidInputError(message, errors);
}

export type FormActionOptions<T> = {
  /** The status of a success (200 unless told, e.g. 202 for "on its way"). */
  status?: number;
  /** Headers of every answer, success or refusal (e.g. no-store on a signed-in page). */
  headers?: Record<string, string>;
  /** Shapes a refusal for its form: its sentence, the fields it concerns, what stays on screen. */
  refused?: (failure: PageFailure) => { message?: string; errors?: Record<string, string>; value?: T };
};

/**
 * formAction's `refused` for a form with rows (readForm drops blank ones): each row's field error
 * named by the row's place in the posted form, so it shows beside the row that was filled in.
 */
export const refusedByPostedRow =
  (form: FormData) =>
  (failure: PageFailure): { errors: Record<string, string> } => ({ errors: errorsByPostedRow(failure.errors, form) });

/**
 * Runs one page change and answers its FormResult: the success sentence (and value), or the domain
 * error mapped by pageFailure (status, message, field errors) so a refused form shows them by its
 * fields. A thrown redirect passes through; anything else is a bug and is rethrown to the error boundary.
 */
export async function formAction<T = undefined>(
  intent: string | undefined,
  run: () => Promise<{ message: string; value?: T }>,
  options: FormActionOptions<T> = {},
) {
  try {
    const done = await run();
    const result = { ok: true as const, message: done.message, value: done.value, ...(intent && { intent }) } satisfies FormResult<T>;
    // A plain object is a 200; data() only when the page asked for another status or headers.
    if (options.status === undefined && options.headers === undefined) return result;
    return data(result, { status: options.status ?? 200, headers: options.headers });
  } catch (error) {
    const failure = pageFailure(error);
    const shaped = options.refused?.(failure) ?? {};
    const result: Extract<FormResult<T>, { ok: false }> = {
      ok: false,
      message: shaped.message ?? failure.message,
      errors: shaped.errors ?? failure.errors,
      ...(intent && { intent }),
      ...("value" in shaped && { value: shaped.value }),
    };
    return data(result, { status: failure.status, headers: { ...failure.headers, ...options.headers } });
  }
}
