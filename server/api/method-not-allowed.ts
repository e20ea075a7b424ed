import type { MiddlewareHandler } from "hono";
import { errorJson } from "../platform/http/errors";
import type { ApiOperation } from "./operation";

const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

/** "/admin/messages/:id" -> a pattern for the whole request path under /api, one segment per parameter. */
function pathPattern(honoPath: string): RegExp {
  const escaped = honoPath
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^/api${escaped}/?$`);
}

/**
 * The last /api handler before "no such endpoint": a path that some declared operation serves, asked
 * with a method none of them takes, answers 405 with `Allow` (RFC 9110 section 15.5.6) instead of 404.
 * The methods come from the same operation list the routes are mounted from, so they cannot drift.
 * A GET route answers HEAD too (Hono serves HEAD from GET), so HEAD is listed with it.
 */
export function methodNotAllowed(operations: readonly ApiOperation[], honoPath: (path: string) => string): MiddlewareHandler {
  const routes = operations.map((op) => ({ pattern: pathPattern(honoPath(op.path)), method: op.method.toUpperCase() }));
  return async (c, next) => {
    const path = c.req.path;
    const methods = new Set(routes.filter((route) => route.pattern.test(path)).map((route) => route.method));
    if (methods.size === 0) return next();
    if (methods.has("GET")) methods.add("HEAD");
    const allow = METHOD_ORDER.filter((method) => methods.has(method)).join(", ");
    const res = errorJson(c, 405, `This API endpoint does not accept ${c.req.method}; it accepts ${allow}.`);
    res.headers.set("Allow", allow);
    return res;
  };
}
