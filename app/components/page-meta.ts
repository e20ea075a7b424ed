import { site } from "../site";

/** Share images are 1200x630 PNGs made at build (scripts/build-public-assets.ts, drawn by server/platform/http/share-card.ts), one per page. */
export const SHARE_IMAGE = { width: 1200, height: 630 };

/** The share image path of a page: "/" -> "/og/home.png", "/Blog/x" -> "/og/Blog/x.png". */
export const shareImagePath = (path: string) => `/og${path === "/" ? "/home" : path}.png`;

const MAX_TITLE = 60;

type Extra = {
  /** "article" for blog articles (og:type, with its dates). */
  article?: { published: string; author: string; tags: string[] };
  /** Where the page sits: [name, path] from the home page down to the page itself (BreadcrumbList). */
  trail?: [string, string][];
  /** Further JSON-LD objects (Organization, SoftwareApplication, BlogPosting). */
  jsonLd?: Record<string, unknown>[];
};

/**
 * Title, description, canonical URL, Open Graph and Twitter tags and structured data of one public
 * page. Absolute URLs use this deployment's origin (PUBLIC_ORIGIN), read at
 * render time, which for prerendered pages is when the server starts.
 */
export function pageMeta(path: string, title: string, description: string, extra: Extra = {}) {
  const url = `${site.origin}${path}`;
  const branded = path === "/" ? `${site.name} | ${title}` : `${title} | ${site.name}`;
  const fullTitle = branded.length <= MAX_TITLE ? branded : title;
  const image = `${site.origin}${shareImagePath(path)}`;
  const jsonLd = [...(extra.jsonLd ?? []), ...(extra.trail ? [breadcrumbs(extra.trail)] : [])];
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: extra.article ? "article" : "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    { property: "og:image:alt", content: `${title}: ${site.name}` },
    ...(extra.article
      ? [
          { property: "article:published_time", content: extra.article.published },
          { property: "article:author", content: extra.article.author },
          ...extra.article.tags.map((tag) => ({ property: "article:tag", content: tag })),
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: `${title}: ${site.name}` },
    ...jsonLd.map((data) => ({ "script:ld+json": { "@context": "https://schema.org", ...data } })),
  ];
}

function breadcrumbs(trail: [string, string][]) {
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map(([name, path], i) => ({ "@type": "ListItem", position: i + 1, name, item: `${site.origin}${path}` })),
  };
}

/** JSON-LD of the company (home page). */
export function organizationLd() {
  const sameAs = [site.links.github, site.links.linkedin, site.links.x].filter(Boolean);
  return {
    "@type": "Organization",
    name: site.name,
    url: `${site.origin}/`,
    logo: `${site.origin}/apple-touch-icon.png`,
    email: site.email,
    ...(site.phone ? { telephone: site.phone } : {}),
    address: { "@type": "PostalAddress", addressCountry: site.country, ...(site.address ? { streetAddress: site.address } : {}) },
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/** JSON-LD of a product page. */
export function softwareLd(name: string, description: string, category: string, path: string, os = "Windows, macOS, Linux") {
  return {
    "@type": "SoftwareApplication",
    name,
    description,
    applicationCategory: category,
    operatingSystem: os,
    url: `${site.origin}${path}`,
    publisher: { "@type": "Organization", name: site.name },
  };
}

/** The trail of a product page: Home > Products > this page. */
export const productTrail = (name: string, path: string): [string, string][] => [
  ["Home", "/"],
  ["Products", "/Projects"],
  [name, path],
];
