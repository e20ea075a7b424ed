import { site } from "../site";

/** Title, description, canonical URL and Open Graph tags of one public page (PRODUCT.md section 5). */
export function pageMeta(path: string, title: string, description: string) {
  const url = `${site.origin}${path}`;
  const fullTitle = path === "/" ? `${site.name} | ${title}` : `${title} | ${site.name}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:image", content: `${site.origin}/og-image.svg` },
  ];
}
