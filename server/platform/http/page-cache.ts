import type { MiddlewareHandler } from "hono";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { CUSTOMER_COOKIE_HTTPS, CUSTOMER_COOKIE_PLAIN } from "../../../contract/account";
import { SESSION_COOKIE_HTTPS, SESSION_COOKIE_PLAIN } from "../../../contract/session-cookie";
import type { PageTopics } from "../page-topics";
import type { PageStore } from "./page-store";
import { contentSecurityPolicy } from "./security-headers";
import { headerSets, inlineScriptHashes, staticAnswer, type StaticFile } from "./static-files";

/** A public page whose answer is the same for every visitor: its route pattern ("/releases/:productId") and what its content depends on. */
export type CachedPage = { path: string; topics: readonly string[] };

/** Renders one page for nobody: a bare GET of the path, no cookie, no nonce (the app's React Router handler). */
export type RenderPage = (path: string) => Promise<Response>;

/** More entries than this are not kept (a bound on memory whatever the catalogue holds). */
const MAX_PAGES = 5_000;
const SESSION_COOKIES = [SESSION_COOKIE_PLAIN, SESSION_COOKIE_HTTPS, CUSTOMER_COOKIE_PLAIN, CUSTOMER_COOKIE_HTTPS];
const hasSessionCookie = (header: string | undefined) =>
  !!header && header.split(";").some((part) => SESSION_COOKIES.includes(part.slice(0, part.indexOf("=")).trim()));
// Headers of the rendered answer the cache sets itself, or that belong to one answer only.
const NOT_KEPT = new Set([
  "content-type",
  "content-length",
  "content-encoding",
  "content-security-policy",
  "cache-control",
  "etag",
  "vary",
  "date",
  "transfer-encoding",
  "connection",
]);
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
// Compressed per change on the request path: a middle brotli quality (11, the build's, takes ~50 ms a page).
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } };

/**
 * Public pages whose HTML does not depend on the visitor, rendered once per change through the
 * app's one React Router handler and answered from the page store with ETag and 304 like the
 * prerendered pages (docs/decisions/102-public-page-cache.md).
 *
 * Only GET and HEAD of a registered path with no query and no session cookie; every other request
 * goes on to `next` (rendered for that visitor, never kept). Only a 200 without Set-Cookie is kept,
 * and only when none of its topics changed while it rendered. The topics' counters are read at
 * most once a second before a cached page is answered; a change drops the topic's pages.
 */
export function pageCache(options: {
  store: PageStore;
  topics: PageTopics;
  pages: readonly CachedPage[];
  render: RenderPage;
}): MiddlewareHandler {
  const { store, topics, render } = options;
  const matchers = options.pages.map((page) => ({ ...page, pattern: patternOf(page.path) }));
  const rendering = new Map<string, Promise<StaticFile | null>>();
  topics.onChange((topic) => store.dropTopic(topic));

  async function fill(path: string, pageTopics: readonly string[]): Promise<StaticFile | null> {
    const stamp = topics.stamp(pageTopics);
    const response = await render(path);
    if (response.status !== 200 || response.headers.has("set-cookie")) {
      await response.body?.cancel();
      return null;
    }
    const file = await pageFile(response, pageTopics);
    if (topics.unchanged(pageTopics, stamp) && store.cachedStats().pages < MAX_PAGES) store.set(path, file);
    return file;
  }

  return async (c, next) => {
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") return next();
    const path = c.req.path;
    const page = matchers.find((m) => m.pattern.test(path));
    if (!page || c.req.url.includes("?") || hasSessionCookie(c.req.header("cookie"))) return next();
    await topics.refresh();
    let file = store.get(path);
    if (!file?.cached) {
      let pending = rendering.get(path);
      if (!pending) {
        pending = fill(path, page.topics).finally(() => rendering.delete(path));
        rendering.set(path, pending);
      }
      file = (await pending) ?? undefined;
      if (!file) return next();
    }
    const answer = staticAnswer(file, method, c.req.header("if-none-match"), c.req.header("accept-encoding"));
    return answer.body ? c.body(answer.body, 200, answer.headers) : c.body(null, answer.status, answer.headers);
  };
}

/** "/releases/:productId" -> a RegExp of whole paths with one segment per parameter. */
function patternOf(path: string): RegExp {
  const source = path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source}$`);
}

/** A rendered answer as the store holds it: the body, its compressed copies, its ETag and headers. */
async function pageFile(response: Response, pageTopics: readonly string[]): Promise<StaticFile> {
  const body = new Uint8Array(await response.arrayBuffer());
  const contentType = response.headers.get("content-type") ?? "text/html; charset=utf-8";
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!NOT_KEPT.has(name)) headers[name] = value;
  });
  const file: StaticFile = {
    body,
    contentType,
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
    // The route's own policy ("no-cache", or "no-store" on the sign-in pages): the ETag lets a client that keeps it revalidate.
    cacheControl: response.headers.get("cache-control") ?? "public, max-age=0, must-revalidate",
    headers,
    cached: { topics: pageTopics },
  };
  if (contentType.startsWith("text/html")) file.csp = contentSecurityPolicy(inlineScriptHashes(Buffer.from(body).toString("utf8")));
  if (body.length > 512) {
    const [gz, br] = await Promise.all([gzipAsync(body), brotliAsync(body, BROTLI)]);
    file.gzip = new Uint8Array(gz);
    file.brotli = new Uint8Array(br);
  }
  file.answers = headerSets(file);
  return file;
}
