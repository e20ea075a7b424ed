import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, expect, it } from "vitest";
import { loadStaticFiles } from "./static-files";

const root = mkdtempSync(path.join(tmpdir(), "static-files-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString("utf8");

it("keeps compressed copies between starts, compresses only changed files again and drops unused copies", () => {
  const cache = path.join(root, "compressed-cache");
  const clientDir = mkdtempSync(path.join(root, "client-"));
  const v1 = "console.log('one');".repeat(100);
  writeFileSync(path.join(clientDir, "app.js"), v1);

  const first = loadStaticFiles(clientDir, cache).get("/app.js");
  expect(text(brotliDecompressSync(first?.brotli ?? new Uint8Array()))).toBe(v1);
  expect(readdirSync(cache).sort()).toHaveLength(2);

  // A cached copy is what the next start serves (a marker written into it shows it was read, not remade).
  const [br] = readdirSync(cache).filter((name) => name.endsWith(".br"));
  writeFileSync(path.join(cache, br), "from the cache");
  expect(text(loadStaticFiles(clientDir, cache).get("/app.js")?.brotli)).toBe("from the cache");

  // A changed file gets new copies; the old ones go.
  const v2 = "console.log('two');".repeat(100);
  writeFileSync(path.join(clientDir, "app.js"), v2);
  const second = loadStaticFiles(clientDir, cache).get("/app.js");
  expect(text(brotliDecompressSync(second?.brotli ?? new Uint8Array()))).toBe(v2);
  expect(text(gunzipSync(second?.gzip ?? new Uint8Array()))).toBe(v2);
  expect(readdirSync(cache)).toHaveLength(2);
  expect(readdirSync(cache)).not.toContain(br);
});

it("compresses without a cache directory", () => {
  const clientDir = mkdtempSync(path.join(root, "plain-"));
  const body = "<p>page</p>".repeat(100);
  writeFileSync(path.join(clientDir, "page.html"), body);
  expect(text(gunzipSync(loadStaticFiles(clientDir).get("/page.html")?.gzip ?? new Uint8Array()))).toBe(body);
});
