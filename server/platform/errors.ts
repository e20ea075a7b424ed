/**
 * Domain errors: what a service says went wrong, in its own words. Services throw these and know
 * nothing of HTTP. describeError() is the one mapping from a kind to what a caller answers: the API
 * (server/platform/http/errors.ts), the page actions (pageFailure in app/lib/form-action.server.ts)
 * and the CLI (server/cli/admin-command.ts) all read it.
 *
 * Each carries a `kind`: the page actions live in React Router's bundle, which holds its own copy of
 * these classes, so `instanceof` there fails for an error thrown by the server bundle's services.
 * domainErrorKind() and describeError() read the kind from either copy.
 */
export type DomainErrorKind =
  "not_found" | "conflict" | "invalid_input" | "throttled" | "unauthenticated" | "forbidden" | "unavailable" | "gone" | "too_large";

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
}

/** The thing asked for does not exist (API: 404). */
export class NotFoundError extends DomainError {
  readonly kind = "not_found";
}

/** The change clashes with what is stored: a duplicate, a used coupon, a state that forbids it (API: 409). */
export class ConflictError extends DomainError {
  readonly kind = "conflict";
  constructor(
    message: string,
    /** Field name -> what is wrong, when the clash belongs to a field of the input. */
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The input breaks a rule; `fieldErrors` names each field (API: 400). */
export class InvalidInputError extends DomainError {
  readonly kind = "invalid_input";
  constructor(
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Too many attempts from this client or for this key (API: 429 with Retry-After). */
export class ThrottledError extends DomainError {
  readonly kind = "throttled";
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** Not signed in, or the credentials are wrong (API: 401). */
export class UnauthenticatedError extends DomainError {
  readonly kind = "unauthenticated";
}

/** Signed in but not allowed to do this (API: 403). */
export class ForbiddenError extends DomainError {
  readonly kind = "forbidden";
}

/** A service we depend on (e.g. the payment provider) failed or did not answer; try again later (API: 503). */
export class UnavailableError extends DomainError {
  readonly kind = "unavailable";
}

/** It existed but is no longer valid, such as an expired download link (API: 410). */
export class GoneError extends DomainError {
  readonly kind = "gone";
}

/** The input is larger than allowed, such as an upload over its size limit (API: 413). */
export class TooLargeError extends DomainError {
  readonly kind = "too_large";
}

const KINDS = new Set<string>([
  "not_found",
  "conflict",
  "invalid_input",
  "throttled",
  "unauthenticated",
  "forbidden",
  "unavailable",
  "gone",
  "too_large",
]);

/** The domain error's kind, from this bundle's classes or another bundle's copy; undefined for anything else. */
export function domainErrorKind(err: unknown): DomainErrorKind | undefined {
  const kind = err instanceof Error ? (err as Partial<DomainError>).kind : undefined;
  return typeof kind === "string" && KINDS.has(kind) ? (kind as DomainErrorKind) : undefined;
}

/** What every caller answers for one domain error: an HTTP status, a sentence, field errors, extra headers, a CLI exit code. */
export type ErrorDescription = {
  kind: DomainErrorKind;
  status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429 | 503;
  message: string;
  fieldErrors: Record<string, string>;
  headers: Record<string, string>;
  /** A refused input is the caller's to fix (a usage error, 2); anything else the service refused, 1. */
  exitCode: 1 | 2;
};

const STATUS: Record<DomainErrorKind, ErrorDescription["status"]> = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  throttled: 429,
  unavailable: 503,
};

/** The one mapping of a domain error (of any bundle's copy, recognised by its `kind`); undefined for anything else (a bug). */
export function describeError(err: unknown): ErrorDescription | undefined {
  const kind = domainErrorKind(err);
  if (!kind) return undefined;
  const fields = (err as { fieldErrors?: unknown }).fieldErrors;
  const fieldErrors = fields && typeof fields === "object" ? { ...(fields as Record<string, string>) } : {};
  const headers: Record<string, string> = {};
  if (kind === "throttled") headers["Retry-After"] = String((err as { retryAfterSeconds?: number }).retryAfterSeconds ?? 60);
  // The service we depend on did not answer: nothing changed, the caller may try again shortly.
  if (kind === "unavailable") headers["Retry-After"] = "30";
  return {
    kind,
    status: STATUS[kind],
    message: (err as Error).message,
    fieldErrors,
    headers,
    exitCode: kind === "invalid_input" || kind === "too_large" ? 2 : 1,
  };
}
