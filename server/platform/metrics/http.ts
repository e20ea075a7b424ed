import type { Context, Handler } from "hono";
import { routePath } from "hono/route";
import { createHash, timingSafeEqual } from "node:crypto";
import type { Metrics } from "./metrics";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * GET /metrics in Prometheus text format, only for `Authorization: Bearer <METRICS_TOKEN>`.
 * The token is compared in constant time (hashes of equal length).
 */
export function metricsEndpoint(metrics: Metrics, token: string): Handler {
  const expected = digest(`Bearer ${token}`);
  return async (c) => {
    const given = c.req.header("authorization") ?? "";
    if (!timingSafeEqual(digest(given), expected)) {
      return c.text("A valid metrics token is required.", 401, {
        "WWW-Authenticate": 'Bearer realm="metrics"',
        "Cache-Control": "no-store",
      });
    }
    return c.body(await metrics.registry.metrics(), 200, { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" });
  };
}

/**
 * The route pattern that answered (e.g. `/api/admin/messages/:id`), never the raw path, so the
 * label set stays small. React Router's catch-all and refusals before routing become `(page)` or `/api/*`.
 */
export function routeLabel(c: Context): string {
  const pattern = routePath(c);
  if (pattern && pattern !== "*" && pattern !== "/*") return pattern;
  return c.req.path.startsWith("/api/") ? "/api/*" : "(page)";
}
