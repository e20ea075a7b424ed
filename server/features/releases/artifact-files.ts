import { mkdir, readdir, stat, unlink } from "node:fs/promises";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import type { Config } from "../../platform/config";

/** Uploads are written under this suffix and renamed only once complete and verified. */
export const PARTIAL_SUFFIX = ".part";

export function artifactsDir(config: Pick<Config, "ARTIFACTS_DIR" | "DATA_DIR">): string {
  return config.ARTIFACTS_DIR ?? join(config.DATA_DIR, "artifacts");
}

/** A new random name on disk: the uploader's file name never becomes a path. */
export const newStorageName = () => `${randomUUID()}.bin`;

/**
 * The name shown and sent in Content-Disposition: the last path segment only, reduced to letters,
 * digits, dot, dash, underscore and plus, never starting with a dot ("../../etc/passwd" -> "passwd").
 */
export function safeFilename(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? "";
  const cleaned = last
    .normalize("NFKC")
    .replace(/[^A-Za-z0-9._+-]+/g, "_")
    .replace(/^[._]+/, "")
    .slice(0, 200);
  return cleaned || "download.bin";
}

const STALE_PARTIAL_MS = 60 * 60 * 1000;

/**
 * Creates the folder and deletes half-written uploads left by a process that died mid-upload. Such a
 * file is never offered (no row names it); only ones untouched for an hour go, so an upload running
 * in another process on the same folder is left alone.
 */
export async function prepareArtifactsDir(dir: string, nowMs = Date.now()): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const name of await readdir(dir)) {
    if (!name.endsWith(PARTIAL_SUFFIX)) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && nowMs - info.mtimeMs > STALE_PARTIAL_MS) await unlink(path).catch(() => undefined);
  }
}
