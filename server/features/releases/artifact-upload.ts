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

export type ReceivedUpload<T> = {
  fields: Record<string, string>;
  /** The file under `dir` with PARTIAL_SUFFIX: the caller renames it once the row is stored, or deletes it. */
  partialPath: string;
  storageName: string;
  originalName: string;
  size: number;
  sha256: string;
  /** The file's BLAKE2b-512, what a minisign pre-hashed signature signs. */
  blake2b512: Buffer;
  /** What `onFile` returned when the file part started. */
  onFileResult: T;
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
 * it on the way (SHA-256 and BLAKE2b-512 from the same chunks); never more than `maxBytes` written.
 * `onFile` runs when the file part starts, with the fields sent before it: a domain error it throws
 * refuses the upload before a byte is written. Any failure deletes the partial file.
 */
export async function receiveUpload<T>(
  body: WebReadableStream<Uint8Array> | null,
  contentType: string,
  dir: string,
  maxBytes: number,
  onFile: (fieldsBeforeFile: Record<string, string>) => Promise<T>,
  options: UploadOptions = {},
): Promise<ReceivedUpload<T>> {
  const what = options.what ?? "build";
  if (!body) throw new InvalidInputError(`Send the ${what} as multipart/form-data with a file part.`, { file: "Choose a file." });
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { files: 1, fileSize: maxBytes, fields: 20, fieldSize: options.maxFieldBytes ?? 4096 },
    });
  } catch {
    throw new InvalidInputError("The multipart body could not be read.");
  }
  const storageName = newStorageName();
  const partialPath = join(dir, storageName + PARTIAL_SUFFIX);
  const fields: Record<string, string> = {};
  const hash = createHash("sha256");
  const blake = createHash("blake2b512");
  let onFileResult: T | undefined;
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
        blake.update(chunk);
        done(null, chunk);
      },
    });
    const before = { ...fields };
    fileDone = onFile(before).then(
      async (result) => {
        onFileResult = result;
        await pipeline(stream, counter, createWriteStream(partialPath, { flags: "wx" }));
      },
      (err: unknown) => {
        // busboy ends the part with the same error: observed, as no pipeline listens to it yet.
        stream.on("error", () => undefined).resume();
        parser.destroy(err as Error);
        throw err;
      },
    );
    // Observed here so a failed write never goes unhandled before the body ends.
    fileDone.catch(() => undefined);
  });

  try {
    await pipeline(Readable.fromWeb(body), parser);
  } catch (err) {
    await fileDone.catch(() => undefined);
    await unlink(partialPath).catch(() => undefined);
    if (err instanceof TooLargeError || err instanceof InvalidInputError) throw err;
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
    if (options.fileOptional) return noFile(fields);
    throw new InvalidInputError(`Attach the ${what} as the \`file\` part.`, { file: "Choose a file." });
  }
  // A browser sends an empty file part when the form's file input was left empty.
  if (options.fileOptional && size === 0 && !originalName) {
    await unlink(partialPath).catch(() => undefined);
    return noFile(fields);
  }
  return {
    fields,
    partialPath,
    storageName,
    originalName,
    size,
    sha256: hash.digest("hex"),
    blake2b512: blake.digest(),
    onFileResult: onFileResult as T,
  };
}

/** An upload whose optional file part was left out or empty: its fields alone. */
const noFile = <T>(fields: Record<string, string>): ReceivedUpload<T> => ({
  fields,
  partialPath: "",
  storageName: "",
  originalName: "",
  size: 0,
  sha256: "",
  blake2b512: Buffer.alloc(0),
  onFileResult: undefined as T,
});

/** The build upload (POST /api/admin/artifacts): the one request allowed to take longer than REQUEST_TIMEOUT_MS while it keeps sending. */
export const isArtifactUpload = (req: { method?: string; url?: string }) =>
  req.method === "POST" && (req.url ?? "").split("?")[0] === "/api/admin/artifacts";
