import type { MiddlewareHandler } from "hono";
import type { PageStore } from "./page-store";
import { staticAnswer } from "./static-files";

/**
 * GET/HEAD of a file of the client build held in memory (prerendered pages, assets; see
 * loadStaticFiles), answered inside the one Hono pipeline: the app's middleware adds the request id
 * and the security headers as for any other answer. Every other request goes on to `next`.
 *
 * Another case of a page's path ("/blog" beside "/Blog") is sent to the page's own path with a 301,
 * query kept, so each page has one URL; assets are matched exactly.
 */
export function staticRoute(files: PageStore): MiddlewareHandler {
  const pagesByLowerCase = new Map<string, string>();
  for (const [key, file] of files.entries()) if (file.contentType.startsWith("text/html")) pagesByLowerCase.set(key.toLowerCase(), key);
  return async (c, next) => {
    const pathname = c.req.path;
    const file = files.get(pathname);
    if (file?.cached) return next();
    if (!file) {
      const canonical = pagesByLowerCase.get(pathname.toLowerCase());
      if (canonical === undefined) return next();
      const url = c.req.url;
      const query = url.indexOf("?");
      return c.body(null, 301, { Location: canonical + (query === -1 ? "" : url.slice(query)), "Cache-Control": "public, max-age=3600" });
    }
    const answer = staticAnswer(file, c.req.method, c.req.header("if-none-match"), c.req.header("accept-encoding"));
    return answer.body ? c.body(answer.body, 200, answer.headers) : c.body(null, answer.status, answer.headers);
  };
}
