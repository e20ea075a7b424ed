/**
 * Domain errors: what a service says went wrong, in its own words. Services throw these and know
 * nothing of HTTP; the API layer (server/app.ts onError), the page actions and the CLI each map
 * them to their own answer (a status code, a form message, an exit code).
 *
 * Each carries a `kind`: the page actions live in React Router's bundle, which holds its own copy of
 * these classes, so `instanceof` there fails for an error thrown by the server bundle's services.
 * domainErrorKind() reads the kind from either copy.
 */
export type DomainErrorKind = "not_found" | "conflict" | "invalid_input" | "throttled" | "unauthenticated" | "forbidden" | "unavailable";

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

const KINDS = new Set<string>(["not_found", "conflict", "invalid_input", "throttled", "unauthenticated", "forbidden", "unavailable"]);

/** The domain error's kind, from this bundle's classes or another bundle's copy; undefined for anything else. */
export function domainErrorKind(err: unknown): DomainErrorKind | undefined {
  const kind = err instanceof Error ? (err as Partial<DomainError>).kind : undefined;
  return typeof kind === "string" && KINDS.has(kind) ? (kind as DomainErrorKind) : undefined;
}
