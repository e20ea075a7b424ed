// Runs after `react-router build`: what the client build needs beside the pages. Share images (a
// 1200x630 PNG per prerendered page, read from its title and description: link-preview crawlers
// refuse SVG), the favicon set and web manifest, and the blog covers at /Blog/covers/.
// Drawn with the example facts (site.config.example.json); a deployment whose facts change a card or
// the manifest gets them drawn again once at start (server/platform/http/deployment-assets.ts). Nothing here
// runs at request time; pages point at /og/<path>.png (app/components/page-meta.ts).
import { Resvg } from "@resvg/resvg-js";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { serverRenderedPublicPaths } from "../app/prerender";
import { publicRoutes } from "../app/routes/public-routes";
import type { SiteFacts } from "../contract/site-config";
import { SHARE_FONT_FILES, shareCardDrawer, shareCardOf, shareCardPath } from "../server/platform/http/share-card";

const buildDir = process.env.BUILD_DIR ?? "build";
const clientDir = path.join(buildDir, "client");
const site = JSON.parse(readFileSync("site.config.example.json", "utf8")) as Omit<SiteFacts, "origin">;

// The card's fonts beside server.js: the server draws a card again at start when this
// deployment's facts change it (server/platform/http/deployment-assets.ts).
const fontDir = path.join(buildDir, "share-fonts");
mkdirSync(fontDir, { recursive: true });
for (const file of Object.values(SHARE_FONT_FILES))
  copyFileSync(path.join("node_modules/@fontsource/inter/files", file), path.join(fontDir, file));
const draw = shareCardDrawer(fontDir);

function* pages(dir: string, route = ""): Generator<{ route: string; html: string }> {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry !== "assets" && entry !== "og") yield* pages(full, `${route}/${entry}`);
    } else if (entry === "index.html") yield { route: route || "/", html: readFileSync(full, "utf8") };
  }
}

let count = 0;
for (const { route, html } of pages(clientDir)) {
  const out = path.join(clientDir, shareCardPath(route));
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, await draw(shareCardOf(route, html, site.name)));
  count++;
}

// Pages rendered per request (app/prerender.ts) have no built HTML: their card is read from the
// head their route's meta() describes, with the example facts as the prerender uses them.
const escapeAttr = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
function routeFile(entries: RouteConfigEntry[], wanted: string): string | undefined {
  for (const entry of entries) {
    if (entry.path === wanted) return entry.file;
    const inChild = entry.children && routeFile(entry.children, wanted);
    if (inChild) return inChild;
  }
  return undefined;
}
globalThis.__SITE_FACTS__ = { ...site, origin: "http://localhost" };
for (const route of serverRenderedPublicPaths) {
  const file = routeFile(publicRoutes, route.slice(1));
  if (!file) throw new Error(`No public route for ${route}`);
  const { meta } = (await import(path.resolve("app", file))) as { meta: () => Record<string, string>[] };
  const head = meta()
    .map((d) =>
      d.title !== undefined
        ? `<title>${escapeAttr(d.title)}</title>`
        : d.content !== undefined && (d.name ?? d.property)
          ? `<meta ${d.name ? "name" : "property"}="${d.name ?? d.property}" content="${escapeAttr(d.content)}">`
          : "",
    )
    .join("");
  const out = path.join(clientDir, shareCardPath(route));
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, await draw(shareCardOf(route, head, site.name)));
  count++;
}

// Favicons from the one drawn icon: the .ico holds a 32x32 PNG (allowed since Windows Vista).
const icon = readFileSync("public/favicon.svg");
const raster = (size: number) => new Resvg(icon, { fitTo: { mode: "width", value: size } }).render().asPng();
const ico32 = raster(32);
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6);
header.writeUInt8(32, 7);
header.writeUInt16LE(1, 10);
header.writeUInt16LE(32, 12);
header.writeUInt32LE(ico32.length, 14);
header.writeUInt32LE(22, 18);
writeFileSync(path.join(clientDir, "favicon.ico"), Buffer.concat([header, ico32]));
writeFileSync(path.join(clientDir, "apple-touch-icon.png"), raster(180));
writeFileSync(path.join(clientDir, "icon-192.png"), raster(192));
writeFileSync(path.join(clientDir, "icon-512.png"), raster(512));
const manifest = {
  name: site.name,
  short_name: site.name,
  start_url: "/",
  display: "browser",
  background_color: "#ffffff",
  theme_color: "#0c4a6e",
  icons: [
    { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
    { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
    { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
  ],
};
writeFileSync(path.join(clientDir, "site.webmanifest"), JSON.stringify(manifest));

const covers = path.join(clientDir, "Blog", "covers");
mkdirSync(covers, { recursive: true });
for (const file of readdirSync("content/blog/covers")) copyFileSync(path.join("content/blog/covers", file), path.join(covers, file));

console.log(`built ${count} share images, the favicon set and the blog covers`);
