import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { shareCardDrawer, shareCardOf, shareCardPath, type ShareCard } from "./share-card";

export type DeploymentAssetsOptions = {
  /** build/client: the build's pages (drawn with the example facts), share images and manifest. */
  clientDir: string;
  /** The same pages rendered at start with this deployment's facts: "/Blog/index.html" -> HTML. */
  pages: Map<string, string>;
  /** The site name this deployment configured (SITE_CONFIG_FILE). */
  siteName: string;
  /** Where the Inter files for drawing a card are (build/share-fonts). */
  fontDir: string;
  /** Cards drawn at an earlier start, named by the hash of what they show; none kept without it. */
  cacheDir?: string;
};

/**
 * The files of the client build that depend on the company's facts besides the pages: each page's
 * share image and the web manifest's name. The build makes them with the example facts; a
 * deployment whose SITE_CONFIG_FILE changes what a card shows (name, title, description) gets that
 * card drawn again here, once, at start (a few hundred ms each, kept in `cacheDir` for the next
 * start), so a link shared from www.example.org previews that company, not the example one.
 * Returns URL path -> bytes, for loadStaticFiles to serve instead of the build's copy; empty when
 * the facts are the example's.
 */
export async function deploymentAssets(options: DeploymentAssetsOptions): Promise<Map<string, Uint8Array>> {
  const { clientDir, pages, siteName, fontDir, cacheDir } = options;
  const assets = new Map<string, Uint8Array>();
  let draw: ((card: ShareCard) => Promise<Uint8Array>) | undefined;
  for (const [file, html] of pages) {
    const route = file.replace(/\/index\.html$/, "") || "/";
    const built = path.join(clientDir, file);
    if (!existsSync(built)) continue;
    const card = shareCardOf(route, html, siteName);
    if (JSON.stringify(card) === JSON.stringify(shareCardOf(route, readFileSync(built, "utf8"), siteName))) continue;
    const cached = cacheDir && path.join(cacheDir, `share-${createHash("sha256").update(JSON.stringify(card)).digest("hex")}.png`);
    if (cached && existsSync(cached)) {
      assets.set(shareCardPath(route), readFileSync(cached));
      continue;
    }
    draw ??= shareCardDrawer(fontDir);
    const png = await draw(card);
    assets.set(shareCardPath(route), png);
    if (cached) keep(cached, png);
  }
  const manifestFile = path.join(clientDir, "site.webmanifest");
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as { name?: string; short_name?: string };
    if (manifest.name !== siteName) {
      assets.set("/site.webmanifest", new TextEncoder().encode(JSON.stringify({ ...manifest, name: siteName, short_name: siteName })));
    }
  }
  return assets;
}

/** Written atomically; a read-only directory only means drawing again at the next start. */
function keep(file: string, bytes: Uint8Array): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, bytes);
    renameSync(tmp, file);
  } catch {
    // drawn again next time
  }
}
