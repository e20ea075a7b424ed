import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

// Debian's minisign, the verifier our customers run: tests check what the server publishes with it.
const run = promisify(execFile);
const MINISIGN = "/usr/bin/minisign";

/** A temporary folder for a test's files and keys. */
export const tempDir = (prefix: string) => mkdtemp(join(tmpdir(), prefix));

/** A new key pair without a password (`-W`); `line` is the public key as `minisign -P` takes it. */
export async function makeKeyPair(dir: string, name = "key"): Promise<{ secretFile: string; publicFile: string; line: string }> {
  const secretFile = join(dir, `${name}.key`);
  const publicFile = join(dir, `${name}.pub`);
  await run(MINISIGN, ["-G", "-W", "-f", "-p", publicFile, "-s", secretFile]);
  const line = (await readFile(publicFile, "utf8")).trim().split("\n")[1];
  return { secretFile, publicFile, line };
}

/** `minisign -Sm`: the `.minisig` text of the file. */
export async function signWithMinisign(secretFile: string, file: string): Promise<string> {
  await run(MINISIGN, ["-S", "-W", "-s", secretFile, "-m", file, "-x", `${file}.minisig`]);
  return readFile(`${file}.minisig`, "utf8");
}

/**
 * `minisign -Vm FILE -P KEY` (a key line) or `-p FILE` (a public key file): whether it accepts the
 * file with this signature, and what it printed.
 */
export async function minisignVerifies(
  dir: string,
  data: Uint8Array | string,
  minisig: string,
  key: { line: string } | { file: string },
): Promise<{ ok: boolean; output: string }> {
  const file = join(dir, `verify-${Math.random().toString(36).slice(2)}.bin`);
  await writeFile(file, data);
  await writeFile(`${file}.minisig`, minisig);
  const keyArgs = "line" in key ? ["-P", key.line] : ["-p", key.file];
  try {
    const { stdout, stderr } = await run(MINISIGN, ["-V", "-m", file, ...keyArgs]);
    return { ok: true, output: stdout + stderr };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}
