/**
 * Domain errors: what a service says went wrong, in its own words. Services throw these and know
 * nothing of HTTP; the API layer (server/app.ts onError), the page actions and the CLI each map
 * them to their own answer (a status code, a form message, an exit code).
 */
export class DomainError extends Error {}

/** The thing asked for does not exist (API: 404). */
export class NotFoundError extends DomainError {}

/** The change clashes with what is stored: a duplicate, a used coupon, a state that forbids it (API: 409). */
export class ConflictError extends DomainError {
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
  constructor(
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Too many attempts from this client or for this key (API: 429 with Retry-After). */
export class ThrottledError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** Not signed in, or the credentials are wrong (API: 401). */
export class UnauthenticatedError extends DomainError {}

/** Signed in but not allowed to do this (API: 403). */
export class ForbiddenError extends DomainError {}

/** A service we depend on (e.g. the payment provider) failed or did not answer; try again later (API: 503). */
export class UnavailableError extends DomainError {}
