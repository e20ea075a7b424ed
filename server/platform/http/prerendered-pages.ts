import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { AppLoadContext, ServerBuild } from "react-router";
import { createRequestHandler } from "react-router";

/**
 * Renders every page that `react-router build` prerendered again, once, when the server starts, so
 * that PUBLIC_ORIGIN and SITE_CONFIG_FILE apply without a rebuild while the
 * pages are still answered from memory. Rendered as the build's prerender does: no nonce (the CSP
 * carries each page's script hashes, computed from this HTML), whole document at once.
 * Returns file path ("/Blog/index.html") -> HTML, for loadStaticFiles.
 */
export async function renderPrerenderedPages(build: ServerBuild, clientDir: string, context: AppLoadContext): Promise<Map<string, string>> {
  const handler = createRequestHandler(build, "production");
  const pages = new Map<string, string>();
  for (const file of htmlFiles(clientDir)) {
    const route = file.replace(/\/index\.html$/, "") || "/";
    const response = await handler(new Request(`http://localhost${route}`), { ...context, cspNonce: "" });
    if (response.status !== 200) throw new Error(`Rendering the prerendered page ${route} at start answered ${response.status}`);
    pages.set(file, await response.text());
  }
  return pages;
}

function htmlFiles(dir: string, base = ""): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry !== "assets") found.push(...htmlFiles(full, `${base}/${entry}`));
    } else if (entry === "index.html") found.push(`${base}/index.html`);
  }
  return found;
}
