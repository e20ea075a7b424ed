import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/prerender";

export default {
  appDirectory: "app",
  ssr: true,
  // Public pages with no per-request data are rendered once at build time and served from memory.
  prerender: prerenderPaths,
} satisfies Config;
