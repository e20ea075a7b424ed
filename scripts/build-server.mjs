// Bundles server/index.ts into build/server.js. React Router's own build (build/server/index.js)
// stays the prerender entry; this file only wraps it with the Hono server.
import { build } from "esbuild";

const buildDir = process.env.BUILD_DIR ?? "build";

await build({
  entryPoints: ["server/index.ts"],
  outfile: `${buildDir}/server.js`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: false,
  logLevel: "warning",
});
console.log(`built ${buildDir}/server.js`);
