import busboy from "busboy";
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { unlink } from "node:fs/promises";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { InvalidInputError, TooLargeError } from "../../platform/errors";
import { PARTIAL_SUFFIX, newStorageName } from "./artifact-files";

export type ReceivedUpload = {
  fields: Record<string, string>;
  /** The file under `dir` with PARTIAL_SUFFIX: the caller renames it once the row is stored, or deletes it. */
  partialPath: string;
  storageName: string;
  originalName: string;
  size: number;
  sha256: string;
};

export type UploadOptions = {
  /** Named in the answers ("The build is larger…"). */
  what?: string;
  /** Without a file part the fields alone are returned (partialPath ""). */
  fileOptional?: boolean;
  /** The longest text field; a longer one is refused (413) rather than cut. */
  maxFieldBytes?: number;
};

/**
 * Streams a multipart body (one `file` part and text fields) to a partial file under `dir`, hashing
 * it on the way; never more than `maxBytes` written. Any failure deletes the partial file.
 */
export async function receiveUpload(
  body: WebReadableStream<Uint8Array> | null,
  contentType: string,
  dir: string,
  maxBytes: number,
  options: UploadOptions = {},
): Promise<ReceivedUpload> {
  const what = options.what ?? "build";
  if (!body) throw new InvalidInputError(`Send the ${what} as multipart/form-data with a file part.`, { file: "Choose a file." });
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { files: 1, fileSize: maxBytes, fields: 20, fieldSize: options.maxFieldBytes ?? 1024 },
    });
  } catch {
    throw new InvalidInputError("The multipart body could not be read.");
  }
  const storageName = newStorageName();
  const partialPath = join(dir, storageName + PARTIAL_SUFFIX);
  const fields: Record<string, string> = {};
  const hash = createHash("sha256");
  let size = 0;
  let originalName = "";
  let sawFile = false;
  let tooLarge = false;
  let fileDone: Promise<void> = Promise.resolve();

  let fieldTooLong = false;
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) fieldTooLong = true;
    fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    if (name !== "file" || sawFile) {
      stream.resume();
      return;
    }
    sawFile = true;
    originalName = info.filename ?? "";
    stream.on("limit", () => {
      tooLarge = true;
      // Stop reading at once rather than discarding the rest of a body that can be gigabytes.
      // (on the next turn: busboy still marks the part truncated after emitting "limit").
      setImmediate(() => parser.destroy(new TooLargeError(`The ${what} is larger than the limit of ${maxBytes} bytes.`)));
    });
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        hash.update(chunk);
        done(null, chunk);
      },
    });
    fileDone = pipeline(stream, counter, createWriteStream(partialPath, { flags: "wx" }));
    // Observed here so a failed write never goes unhandled before the body ends.
    fileDone.catch(() => undefined);
  });

  try {
    await pipeline(Readable.fromWeb(body), parser);
  } catch (err) {
    await fileDone.catch(() => undefined);
    await unlink(partialPath).catch(() => undefined);
    if (err instanceof TooLargeError) throw err;
    // busboy's complaints and a client that went away: the body, not the server, is at fault.
    throw new InvalidInputError("The multipart body was cut off or malformed.");
  }
  try {
    await fileDone;
  } catch (err) {
    await unlink(partialPath).catch(() => undefined);
    throw err;
  }
  if (!sawFile || tooLarge || fieldTooLong) {
    await unlink(partialPath).catch(() => undefined);
    if (tooLarge) throw new TooLargeError(`The ${what} is larger than the limit of ${maxBytes} bytes.`);
    if (fieldTooLong) throw new TooLargeError("A text field is longer than allowed.");
    if (options.fileOptional) return { fields, partialPath: "", storageName: "", originalName: "", size: 0, sha256: "" };
    throw new InvalidInputError(`Attach the ${what} as the \`file\` part.`, { file: "Choose a file." });
  }
  // A browser sends an empty file part when the form's file input was left empty.
  if (options.fileOptional && size === 0 && !originalName) {
    await unlink(partialPath).catch(() => undefined);
    return { fields, partialPath: "", storageName: "", originalName: "", size: 0, sha256: "" };
  }
  return { fields, partialPath, storageName, originalName, size, sha256: hash.digest("hex") };
}

/** The build upload (POST /api/admin/artifacts): the one request allowed to take longer than REQUEST_TIMEOUT_MS while it keeps sending. */
export const isArtifactUpload = (req: { method?: string; url?: string }) =>
  req.method === "POST" && (req.url ?? "").split("?")[0] === "/api/admin/artifacts";
