import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { testConfig } from "../platform/config";
import { openApiDocument } from "./openapi";
import { API_OPERATIONS } from "./operations";

const run = promisify(execFile);

// Spectral's spectral:oas ruleset (.spectral.yaml) on the generated document: any warning fails npm test.
// No database here, so the postgres project does not run it twice.
it.skipIf(process.env.TEST_DB === "postgres")(
  "/api/openapi.json passes Spectral's spectral:oas with no warning",
  async () => {
    const dir = await mkdtemp(join(tmpdir(), "openapi-"));
    try {
      const file = join(dir, "openapi.json");
      await writeFile(file, JSON.stringify(openApiDocument(API_OPERATIONS, testConfig()), null, 2));
      const spectral = join(process.cwd(), "node_modules", ".bin", "spectral");
      const args = [
        "lint",
        file,
        "--ruleset",
        join(process.cwd(), ".spectral.yaml"),
        "--format",
        "json",
        "--fail-severity",
        "hint",
        "--quiet",
      ];
      const { stdout } = await run(spectral, args).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? "" }));
      const problems = (JSON.parse(stdout || "[]") as { code: string; message: string; path: string[] }[]).map(
        (p) => `${p.code}: ${p.message} at ${p.path.join(".")}`,
      );
      expect(problems).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
  60_000,
);
