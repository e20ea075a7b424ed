// `npm start`: builds once when there is no build yet, then runs the production server.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const buildDir = process.env.BUILD_DIR ?? "build";
if (!existsSync(`${buildDir}/server.js`) || !existsSync(`${buildDir}/server/index.js`)) {
  console.log("No production build found: building first (npm run build)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= "production";
await import(new URL(`../${buildDir}/server.js`, import.meta.url).href);
