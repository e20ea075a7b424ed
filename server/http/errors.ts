import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
// Every API error has this shape (PRODUCT.md section 3); `errors` only for validation.
import type { ApiError } from "../../contract/common";
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  ThrottledError,
  UnauthenticatedError,
  UnavailableError,
} from "../services/errors";

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

/** The HTTP answer for a service's domain error (PRODUCT.md section 3's statuses). */
export function httpErrorFromDomain(err: DomainError): HttpError {
  if (err instanceof InvalidInputError) return new HttpError(400, err.message, err.fieldErrors);
  if (err instanceof UnauthenticatedError) return new HttpError(401, err.message);
  if (err instanceof ForbiddenError) return new HttpError(403, err.message);
  if (err instanceof NotFoundError) return new HttpError(404, err.message);
  if (err instanceof ConflictError) return new HttpError(409, err.message, err.fieldErrors);
  if (err instanceof ThrottledError) return new HttpError(429, err.message, undefined, { "Retry-After": String(err.retryAfterSeconds) });
  if (err instanceof UnavailableError) return new HttpError(503, err.message, undefined, { "Retry-After": "30" });
  return new HttpError(400, err.message);
}
