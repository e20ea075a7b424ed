import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { contentSecurityPolicy, NOTHING_RUNS_CSP } from "./security-headers";

type Bytes = Uint8Array<ArrayBuffer>;
// A copy into a plain ArrayBuffer: what Response bodies accept, and no shared Buffer pool slices.
const bytes = (buffer: Buffer): Bytes => new Uint8Array(buffer);

export type StaticFile = {
  body: Bytes;
  gzip?: Bytes;
  brotli?: Bytes;
  contentType: string;
  etag: string;
  cacheControl: string;
  /** Prerendered HTML only: the CSP allowing exactly its inline scripts by hash. */
  csp?: string;
  /** More headers the page's route set (X-Robots-Tag, Referrer-Policy): pages of the page cache only. */
  headers?: HeaderSet;
  /** A page the page cache rendered at run time (page-cache.ts), dropped when one of its topics changes. */
  cached?: { topics: readonly string[] };
  /** Response headers per encoding, computed once at start (see staticAnswer). */
  answers?: Record<"identity" | "gzip" | "br" | "notModified", HeaderSet>;
};

type HeaderSet = Record<string, string>;

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".data": "text/x-script",
  ".webmanifest": "application/manifest+json",
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

/**
 * Reads the whole client build into memory once at start, compressed ahead of time, so that
 * serving a page or an asset never touches the disk.
 * Keys are URL paths: "/assets/x.js", and "/Blog" for build/client/Blog/index.html.
 *
 * With `cacheDir`, the compressed copies are kept there between starts, named by the hash of what
 * they compress, so a restart compresses nothing that did not change: brotli of the client build
 * took ~4.4 s of every start on a 2-core machine, the bulk of the time back after a crash.
 *
 * `pages` (file path such as "/Blog/index.html" -> HTML or bytes) replaces files of the build by
 * their copies made at start: prerendered pages rendered with this deployment's facts
 * (server/platform/http/prerendered-pages.ts), whose CSP hashes are computed from those, and the share
 * images and manifest those facts change (server/platform/http/deployment-assets.ts).
 */
export function loadStaticFiles(clientDir: string, cacheDir?: string, pages?: Map<string, string | Uint8Array>): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(clientDir)) return files;
  const cache = compressionCache(cacheDir);
  for (const absolute of walk(clientDir)) {
    const relative = "/" + path.relative(clientDir, absolute).split(path.sep).join("/");
    const ext = path.extname(absolute).toLowerCase();
    // Files made again at start with this deployment's facts replace the build's copy.
    const rendered = pages?.get(relative);
    const body =
      rendered === undefined
        ? bytes(readFileSync(absolute))
        : typeof rendered === "string"
          ? new TextEncoder().encode(rendered)
          : new Uint8Array(rendered);
    const contentType = TYPES[ext] ?? "application/octet-stream";
    const immutable = relative.startsWith("/assets/");
    const file: StaticFile = {
      body,
      contentType,
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      // Hashed asset names never change content; pages and root files must revalidate.
      cacheControl: immutable ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
    };
    if (COMPRESSIBLE.test(contentType) && body.length > 512) {
      const key = createHash("sha256").update(body).digest("hex");
      file.gzip = cache(`${key}.gz`, () => gzipSync(body, { level: 9 }));
      file.brotli = cache(`${key}.br`, () => brotliCompressSync(body));
    }
    if (ext === ".html") {
      file.csp = contentSecurityPolicy(inlineScriptHashes(Buffer.from(body).toString("utf8")));
      // A prerendered page is served at its route ("/Blog"), never as ".../index.html".
      if (relative.endsWith("/index.html")) {
        files.set(relative.replace(/\/index\.html$/, "") || "/", file);
        continue;
      }
    }
    files.set(relative, file);
  }
  for (const file of files.values()) file.answers = headerSets(file);
  cache.prune();
  return files;
}

/** Compressed copies read from, or written (atomically) to, `dir`; without a dir, or when it cannot be written, they are made anew. */
function compressionCache(dir: string | undefined) {
  const used = new Set<string>();
  const get = (name: string, compress: () => Buffer): Bytes => {
    if (!dir) return bytes(compress());
    used.add(name);
    const file = path.join(dir, name);
    if (existsSync(file)) return bytes(readFileSync(file));
    const result = compress();
    try {
      mkdirSync(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, result);
      renameSync(tmp, file);
    } catch {
      // a read-only build directory: compress again at the next start
    }
    return bytes(result);
  };
  // Copies of files that are no longer in the build go.
  const prune = () => {
    if (!dir || !existsSync(dir)) return;
    for (const name of readdirSync(dir)) if (!used.has(name)) rmSync(path.join(dir, name), { force: true });
  };
  return Object.assign(get, { prune });
}

export function headerSets(file: StaticFile): NonNullable<StaticFile["answers"]> {
  const base: Record<string, string> = {
    "Content-Type": file.contentType,
    "Cache-Control": file.cacheControl,
    ETag: file.etag,
    Vary: "Accept-Encoding",
    "Content-Security-Policy": file.csp ?? NOTHING_RUNS_CSP,
    ...file.headers,
  };
  const sized = (body: Bytes, encoding?: string): HeaderSet => ({
    ...base,
    ...(encoding ? { "Content-Encoding": encoding } : {}),
    "Content-Length": String(body.length),
  });
  return {
    identity: sized(file.body),
    gzip: sized(file.gzip ?? file.body, file.gzip && "gzip"),
    br: sized(file.brotli ?? file.body, file.brotli && "br"),
    notModified: base,
  };
}

export type StaticAnswer = { status: 200 | 304; headers: HeaderSet; body?: Bytes };

/** What to send for one GET/HEAD of a static file: 304 on a matching ETag, else the best encoding. */
export function staticAnswer(
  file: StaticFile,
  method: string,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): StaticAnswer {
  const answers = file.answers ?? headerSets(file);
  if (ifNoneMatch === file.etag) return { status: 304, headers: answers.notModified };
  const { body, encoding } = pickEncoding(file, acceptEncoding);
  const headers = encoding === "br" ? answers.br : encoding === "gzip" ? answers.gzip : answers.identity;
  return { status: 200, headers, body: method === "HEAD" ? undefined : body };
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** 'sha256-…' sources for every inline <script> of a prerendered page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.add(`'sha256-${createHash("sha256").update(match[1]).digest("base64")}'`);
  }
  return [...hashes];
}

/** Picks the best encoding the client accepts. */
export function pickEncoding(file: StaticFile, acceptEncoding: string | undefined): { body: Bytes; encoding?: string } {
  const accept = acceptEncoding ?? "";
  if (file.brotli && /\bbr\b/.test(accept)) return { body: file.brotli, encoding: "br" };
  if (file.gzip && /\bgzip\b/.test(accept)) return { body: file.gzip, encoding: "gzip" };
  return { body: file.body };
}
