import { describeErrorForLog, logLine } from "../log";

type RouteErrorResponse = { status: number; error?: unknown };
const isRouteErrorResponse = (e: unknown): e is RouteErrorResponse =>
  typeof e === "object" && e !== null && typeof (e as RouteErrorResponse).status === "number" && "internal" in e;

/**
 * React Router's handleError (app/entry.server.tsx) for one request: one sanitised JSON line per
 * error, like the API's (the default console.error prints a 12-line stack for a POST to
 * /login, and a database error's SQL with the session cookie's hash as a parameter).
 * Refusals React Router makes itself (405 no action, 404) are warnings, not errors.
 */
export function pageErrorReporter(requestId: string) {
  return (error: unknown, request: Request): void => {
    const path = new URL(request.url).pathname;
    if (isRouteErrorResponse(error) && error.status < 500) {
      const detail = error.error === undefined ? {} : describeErrorForLog(error.error);
      logLine({ level: "warn", msg: "page request refused", status: error.status, method: request.method, path, requestId, ...detail });
      return;
    }
    const cause = isRouteErrorResponse(error) && error.error !== undefined ? error.error : error;
    logLine({ level: "error", msg: "page error", status: 500, method: request.method, path, requestId, ...describeErrorForLog(cause) });
  };
}
