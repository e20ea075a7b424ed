import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../../app-env";
import { type ByteRange, parseRange } from "./byte-range";

/** Outside /api: the signed download links, each release's SHA256SUMS and the builds' minisign files. */
export function releaseFileRoutes() {
  const files = new Hono<AppEnv>();
  files.on(["GET", "HEAD"], "/dl/:token", async (c) => {
    const services = c.get("services");
    const source = await services.downloads.open(c.req.param("token"));
    if (source.kind === "url") {
      await services.downloads.count(source.artifactId);
      return c.redirect(source.url, 302);
    }
    const info = await stat(source.path).catch(() => null);
    if (!info?.isFile()) return c.text("This build's file is missing.", 404);
    const etag = `"${source.sha256}"`;
    const headers: Record<string, string> = {
      "Content-Type": "application/octet-stream",
      "Content-Disposition": `attachment; filename="${source.filename}"`,
      ETag: etag,
      "Accept-Ranges": "bytes",
      "Cache-Control": "private, no-store",
    };
    const ifRange = c.req.header("if-range");
    const range = ifRange && ifRange !== etag ? null : parseRange(c.req.header("range"), info.size);
    if (range === "unsatisfiable") return c.body(null, 416, { ...headers, "Content-Range": `bytes */${info.size}` });
    const part: ByteRange = range ?? { start: 0, end: info.size - 1 };
    // A resumed download (a range not starting at 0) is the same download, counted once.
    if (part.start === 0 && c.req.method === "GET") await services.downloads.count(source.artifactId);
    headers["Content-Length"] = String(info.size === 0 ? 0 : part.end - part.start + 1);
    if (range) headers["Content-Range"] = `bytes ${part.start}-${part.end}/${info.size}`;
    const status = range ? 206 : 200;
    if (c.req.method === "HEAD" || info.size === 0) return c.body(null, status, headers);
    const stream = Readable.toWeb(createReadStream(source.path, { start: part.start, end: part.end })) as ReadableStream<Uint8Array>;
    return new Response(stream, { status, headers });
  });

  // Every release key still trusted, as minisign public key files one after another (current first).
  files.on(["GET", "HEAD"], "/releases/minisign.pub", async (c) => {
    c.header("Cache-Control", "no-cache");
    return c.text(await c.get("services").releaseSigning.publicKeys());
  });

  files.on(["GET", "HEAD"], "/releases/:productId/:version/:file{.+\\.minisig}", async (c: Context<AppEnv>) => {
    const file = c.req.param("file") ?? "";
    const text = await c
      .get("services")
      .downloads.minisigOf(c.req.param("productId") ?? "", c.req.param("version") ?? "", file.slice(0, -8));
    if (text === null) return c.text("No signature is published under this name.", 404);
    c.header("Cache-Control", "no-cache");
    return c.body(text, 200, { "Content-Type": "text/plain; charset=utf-8", "Content-Disposition": `attachment; filename="${file}"` });
  });

  files.on(["GET", "HEAD"], "/releases/:productId/:version/SHA256SUMS", async (c: Context<AppEnv>) => {
    const sums = await c.get("services").downloads.checksums(c.req.param("productId") ?? "", c.req.param("version") ?? "");
    if (sums === null) return c.text("No builds are published for this release.", 404);
    c.header("Cache-Control", "no-cache");
    return c.text(sums);
  });
  return files;
}
