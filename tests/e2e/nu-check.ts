import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The W3C Nu HTML checker (vnu-jar, as npm run test:html runs it over the build) on a page as the
 * server sent it, for pages that need a session and so are not in the build. Its CSS validator's
 * messages are left out for the reason scripts/check-html.mjs gives. Returns the error lines.
 */
export function nuErrors(html: string, name: string): string[] {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "nu-")), `${name}.html`);
  writeFileSync(file, html);
  const vnu = createRequire(import.meta.url)("vnu-jar") as string;
  const run = spawnSync("java", ["-jar", vnu, "--errors-only", "--filterpattern", "CSS: .*", file], { encoding: "utf8" });
  if (run.error) throw run.error;
  return run.stderr.split("\n").filter((line) => line.includes("error:"));
}
