import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";

const varyHasAcceptEncoding = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;
const acceptsCompression = /\b(?:gzip|deflate|\*)\b/i;

/**
 * hono/compress for dynamic answers (SSR pages, React Router's /__manifest, JSON lists), minus two
 * costs the contact-post profile showed on every answer:
 * - it adds `Vary` with c.header() after the handler, which makes @hono/node-server turn its
 *   lightweight Response into a full undici Response with a web stream, even when nothing gets
 *   compressed (no Accept-Encoding); here Vary goes on the lightweight headers directly;
 * - answers to API writes (POST/PATCH/PUT/DELETE) are a status and a sentence: gzip adds ~20 bytes
 *   and a CompressionStream to ~100 bytes, and hono cannot see their size (c.json sets no
 *   Content-Length), so they go out as they are.
 */
export function compressDynamic(): MiddlewareHandler {
  const gzip = compress();
  const done = async () => {};
  return async (c, next) => {
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.path.startsWith("/api/")) return;
    const headers = c.res.headers;
    if (headers.has("content-encoding") || headers.has("transfer-encoding")) return;
    const vary = headers.get("vary");
    if (vary !== "*" && !(vary && varyHasAcceptEncoding.test(vary)))
      headers.set("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    if (!acceptsCompression.test(c.req.header("accept-encoding") ?? "")) return;
    // hono/compress decides the rest (type, size, no-transform, 206, HEAD) on the answer as it stands.
    await gzip(c, done);
  };
}
