import { site } from "../../site";

export function loader() {
  const body = ["User-agent: *", "Disallow: /dashboard", "Disallow: /login", "Disallow: /dev-quest-add", "Disallow: /checkout/", "", `Sitemap: ${site.origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
