// Whether the production build is missing or older than what it is built from, and building it.
// Shared by `npm start` (scripts/start.mjs) and `npm test` (scripts/test-preflight.mjs).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const buildDir = process.env.BUILD_DIR ?? "build";

// What `npm run build` reads: the app, the server, the API schemas, the site's content and static
// files, and the configuration and scripts of the build itself. Test files are not part of it.
const SOURCE_DIRS = ["app", "server", "contract", "content", "public"];
const SOURCE_FILES = [
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "vite.config.ts",
  "react-router.config.ts",
  "scripts/build-server.mjs",
  "scripts/build-public-assets.ts",
];
const OUTPUTS = ["server.js", "server/index.js"];

/** Newest modification time (ms) under `dir`, and the file that has it. */
function newest(dir) {
  let best = { ms: 0, file: "" };
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.test\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const ms = statSync(file).mtimeMs;
    if (ms > best.ms) best = { ms, file };
  }
  return best;
}

/** "missing", "fresh", or the path of a source newer than the build; paths relative to `root`. */
export function buildState(root = ".") {
  const outputs = OUTPUTS.map((f) => path.resolve(root, buildDir, f));
  if (!outputs.every((f) => existsSync(f))) return "missing";
  const builtAt = Math.min(...outputs.map((f) => statSync(f).mtimeMs));
  const at = (p) => path.join(root, p);
  const sources = [
    ...SOURCE_DIRS.filter((d) => existsSync(at(d))).map((d) => newest(at(d))),
    ...SOURCE_FILES.filter((f) => existsSync(at(f))).map((f) => ({ ms: statSync(at(f)).mtimeMs, file: at(f) })),
  ];
  const newer = sources.find((s) => s.ms > builtAt);
  return newer ? newer.file : "fresh";
}

/** Runs `npm run build`; exits the process with its status when it fails. */
export function runBuild(reason) {
  console.log(`${reason}: building first (npm run build)...`);
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
