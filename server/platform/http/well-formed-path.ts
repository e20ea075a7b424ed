import type { MiddlewareHandler } from "hono";
import { errorJson } from "./errors";

const MESSAGE = "The address has a broken percent-encoding.";

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * A path with a malformed percent-encoding ("/products/%E0%A4%A") names nothing here: it is answered
 * 400 before any route sees it. React Router would otherwise print its own two-line, non-JSON warning
 * for it, and every log line of this server is one JSON object (server/platform/log.ts).
 */
export function wellFormedPath(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    if (!url.includes("%") || decodes(new URL(url).pathname)) return next();
    return c.req.path.startsWith("/api/") ? errorJson(c, 400, MESSAGE) : c.text(MESSAGE, 400);
  };
}
