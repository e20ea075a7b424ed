import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
// Every API error has this shape (docs/api.md); `errors` only for validation.
import type { ApiError } from "../../../contract/common";
import { describeError } from "../errors";

/** Thrown by services and validators; turned into the JSON error shape by the app's error handler. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

export function errorJson(c: Context, status: ContentfulStatusCode, message: string, errors?: Record<string, string>) {
  const body: ApiError = { status: "error", message };
  if (errors && Object.keys(errors).length > 0) body.errors = errors;
  return c.json(body, status);
}

/** The HTTP answer for a service's domain error (the statuses docs/api.md lists), from the one mapping; undefined for anything else. */
export function httpErrorFromDomain(err: unknown): HttpError | undefined {
  const d = describeError(err);
  if (!d) return undefined;
  const errors = Object.keys(d.fieldErrors).length > 0 ? d.fieldErrors : undefined;
  const headers = Object.keys(d.headers).length > 0 ? d.headers : undefined;
  return new HttpError(d.status, d.message, errors, headers);
}
