import { execFile } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// The tools run as an operator runs them (node with tsx), with a DATA_DIR that is not the server's. A
// refusal loads no database code (about a second of CPU each); the timeout is for a loaded machine.
async function runTool(script: string, args: string[], dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: "a long enough password 123" };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["--import", "tsx", `server/cli/${script}`, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("the command-line tools' database", () => {
  it("npm run keys and npm run admin name the database they open and refuse a DATA_DIR without one, making nothing", async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "cli-tool-")), "not-the-servers");
    const [keys, admin] = await Promise.all([
      runTool("keys.ts", ["rotate", "licence"], dataDir),
      runTool("admin.ts", ["create", "--email", "ops@example.com"], dataDir),
    ]);
    for (const [tool, run] of [
      ["npm run keys", keys],
      ["npm run admin", admin],
    ] as const) {
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toContain(`${tool}: the embedded database in ${path.join(dataDir, "pglite")} (DATA_DIR=${dataDir})`);
      expect(run.stderr).toContain(`There is no database in ${dataDir}: the server has not run with this DATA_DIR. Nothing was changed.`);
    }
    // No second, empty database was made beside the server's.
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);
});
