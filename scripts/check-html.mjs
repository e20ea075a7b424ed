// `npm run test:html`: the W3C Nu HTML checker (vnu-jar, needs Java) over every page of the build,
// the prerendered pages and the blog articles as `react-router build` wrote them. Errors fail.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const clientDir = path.join(process.env.BUILD_DIR ?? "build", "client");
if (!existsSync(clientDir)) {
  console.error(`No build at ${clientDir}: run npm run build first`);
  process.exit(1);
}
const vnu = createRequire(import.meta.url)("vnu-jar");
// Messages of its CSS validator are left out: it does not know CSS that every current browser reads
// (Tailwind 4's @property and @layer, nesting), so it reports hundreds of errors in valid styles.
const args = ["-jar", vnu, "--errors-only", "--skip-non-html", "--filterpattern", "CSS: .*", clientDir];
const result = spawnSync("java", args, { stdio: "inherit" });
if (result.error) {
  console.error(`Could not run the Nu checker (is Java installed?): ${result.error.message}`);
  process.exit(1);
}
if (result.status === 0) console.log(`Nu HTML checker: no errors in the pages of ${clientDir}`);
process.exit(result.status ?? 1);
