import { articleCards } from "../../content/blog-articles.server";
import { prerenderPaths } from "../../prerender";
import { site } from "../../site";

export function loader() {
  const pages = prerenderPaths.map((path) => `  <url><loc>${site.origin}${path}</loc></url>`);
  const articles = articleCards().map((a) => `  <url><loc>${site.origin}/Blog/${a.slug}</loc><lastmod>${a.date}</lastmod></url>`);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[...pages, ...articles].join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
