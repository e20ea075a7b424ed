import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/prerender";

export default {
  appDirectory: "app",
  // BUILD_DIR lets several builds live side by side (parallel test runs); production uses build/.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
  // Public pages with no per-request data are rendered once at build time and served from memory.
  prerender: prerenderPaths,
} satisfies Config;
