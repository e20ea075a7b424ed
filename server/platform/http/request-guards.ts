import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Config } from "../config";
import { errorJson } from "./errors";
import { originAllowed } from "./origin";

export const BODY_LIMIT = 64 * 1024;
/**
 * The streamed uploads (builds, quest attachments by the API and by the quest page's multipart form):
 * each counts its own limit while it is written to disk.
 */
const isStreamedUpload = (path: string) =>
  path === "/api/admin/artifacts" || /^\/api\/quests\/\d+\/submissions$/.test(path) || /^\/quests\/\d+\/submission$/.test(path);
const isApi = (c: Context) => c.req.path.startsWith("/api/");
const readOnly = (method: string) => method === "GET" || method === "HEAD";
const isMultipart = (c: Context) => (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/");

/**
 * Refusals sent before the body is read carry `Connection: close`: Node would otherwise read and
 * discard the rest of a declared 100 MB upload to keep the connection alive.
 */
function refuse(c: Context, status: 403 | 405 | 413 | 415, message: string, headers: Record<string, string> = {}) {
  const res = isApi(c) ? errorJson(c, status, message) : c.text(message, status);
  for (const [name, value] of Object.entries({ Connection: "close", ...headers })) res.headers.set(name, value);
  return res;
}

const tooLarge = (c: Context) => refuse(c, 413, `The request body is larger than ${BODY_LIMIT / 1024} KB.`);
const streamedBodyLimit = bodyLimit({ maxSize: BODY_LIMIT, onError: tooLarge });

/**
 * 64 KB for every request with a body, API and page form actions alike (without it a 100 MB
 * urlencoded post to /contact/sent is parsed in full). hono's bodyLimit reads c.req.raw.body,
 * which makes @hono/node-server build a full undici Request and web stream (bench profile of the
 * contact post); Node's parser never delivers more than Content-Length, so a declared length is
 * checked as is and only a chunked body is counted. Page actions take urlencoded forms only: no
 * page parses multipart, and its parser would buffer files (the quest form posts to a streaming route).
 */
export function requestBodyLimit(): MiddlewareHandler {
  return async (c, next) => {
    if (readOnly(c.req.method)) return next();
    if ((c.req.method === "POST" || c.req.method === "PUT") && isStreamedUpload(c.req.path) && isMultipart(c)) {
      await next();
      // Refused (not signed in, too large, bad fields): close rather than let Node drain a large body.
      if (c.res.status >= 400) c.res.headers.set("Connection", "close");
      return;
    }
    if (!isApi(c) && isMultipart(c)) {
      return refuse(c, 415, "Forms on this site are sent URL-encoded.");
    }
    const length = c.req.header("content-length");
    if (length !== undefined && c.req.header("transfer-encoding") === undefined) return Number(length) > BODY_LIMIT ? tooLarge(c) : next();
    return streamedBodyLimit(c, next);
  };
}

/**
 * A browser Origin that is not this site's is refused on every request that changes something:
 * page forms, and the API too (else a page on another origin could post the contact form to
 * /api/contact-general). Clients without Origin (curl, the original client's server) are let through;
 * the admin API's cookie calls also need X-Requested-With (require-admin.ts).
 */
export function sameOriginWrites(config: Pick<Config, "PUBLIC_ORIGIN">): MiddlewareHandler {
  return async (c, next) => {
    if (readOnly(c.req.method) || originAllowed(c, config)) return next();
    return refuse(c, 403, isApi(c) ? "This request must come from this site." : "This form must be sent from this site.");
  };
}

/** Pages answer GET and HEAD, and POST where they have a form action; anything else is 405 (React Router would run a page's action for PUT, PATCH and DELETE too). */
export function pageMethods(): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (readOnly(method) || method === "POST") return next();
    return refuse(c, 405, "This page does not accept that method.", { Allow: "GET, HEAD, POST" });
  };
}

// Public /api answers (the quest list, the API description) may be cached; every other one holds
// private data or a token (the login answer carries its auth_token).
const PUBLIC_API_READS = new Set(["/api/devquests", "/api/openapi.json"]);

export function apiCacheControl(c: Context): void {
  if (!isApi(c) || c.res.headers.has("cache-control")) return;
  const cacheable = readOnly(c.req.method) && c.res.status === 200 && PUBLIC_API_READS.has(c.req.path);
  c.res.headers.set("Cache-Control", cacheable ? "no-cache" : "no-store");
}
