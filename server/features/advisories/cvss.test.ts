import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { scoreCvss31 } from "./cvss";

const root = fileURLToPath(new URL("../../../", import.meta.url));

describe("scoreCvss31", () => {
  it("scores a base vector and refuses a partial one", () => {
    expect(scoreCvss31("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H")).toEqual({ tenths: 98, severity: "critical" });
    expect(scoreCvss31("CVSS:3.1/AV:N/AC:L")).toBeNull();
  });

  it("loads under Node's own ESM loader, where the built server and the admin CLI run it", () => {
    // Vitest's module interop would hide a named import from the CommonJS calculator; plain Node does not.
    const script = `import { scoreCvss31 } from "./server/features/advisories/cvss.ts";
console.log(JSON.stringify(scoreCvss31("CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:N")));`;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: root, encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual({ tenths: 81, severity: "high" });
  });
});
