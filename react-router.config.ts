import type { Config } from "@react-router/dev/config";
import { readdirSync } from "node:fs";
import { prerenderPaths } from "./app/prerender";

// Every Markdown article in content/blog is prerendered at /Blog/<slug> (its README is not one).
const blogPaths = readdirSync("content/blog")
  .filter((file) => file.endsWith(".md") && file !== "README.md")
  .map((file) => `/Blog/${file.slice(0, -3)}`);

export default {
  appDirectory: "app",
  // BUILD_DIR lets several builds live side by side (parallel test runs); production uses build/.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
  // Public pages with no per-request data are rendered once at build time and served from memory.
  prerender: [...prerenderPaths, ...blogPaths],
} satisfies Config;
