import { articleCards } from "../../content/blog-articles.server";
import { publicPagePaths } from "../../prerender";
import { site } from "../../site";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const pages = publicPagePaths.map((path) => `  <url><loc>${site.origin}${path}</loc></url>`);
  const articles = articleCards().map((a) => `  <url><loc>${site.origin}/Blog/${a.slug}</loc><lastmod>${a.date}</lastmod></url>`);
  // Release notes of every product with a public release (per product from the catalogue, so not in publicPagePaths).
  const releases = (await context.services.releases.productIds()).map((id) => `  <url><loc>${site.origin}/releases/${id}</loc></url>`);
  const quests = (await context.services.publicQuests.list()).map((q) => `  <url><loc>${site.origin}/quests/${q.id}</loc></url>`);
  // The security pages are server-rendered (the catalogue, the credits), so not in publicPagePaths either.
  const advisories = (await context.services.advisories.listPublic()).map((a) => `/security/advisories/${a.id}`);
  const security = ["/security", "/security/thanks", "/security/advisories", ...advisories].map(
    (path) => `  <url><loc>${site.origin}${path}</loc></url>`,
  );
  const urls = [...pages, ...articles, ...releases, ...quests, ...security];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
