// `npm start`: builds once when there is no build yet, then runs the built server. NODE_ENV is left
// as the caller set it: unset is a local run (decision 094), the live site sets NODE_ENV=production.
import { buildDir, buildState, runBuild } from "./build-freshness.mjs";

if (buildState() === "missing") runBuild("No production build found");
await import(new URL(`../${buildDir}/server.js`, import.meta.url).href);
