import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Every API error has this shape (PRODUCT.md section 3). `errors` only for validation. */
export type ApiErrorBody = { status: "error"; message: string; errors?: Record<string, string> };

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
  const body: ApiErrorBody = { status: "error", message };
  if (errors && Object.keys(errors).length > 0) body.errors = errors;
  return c.json(body, status);
}
