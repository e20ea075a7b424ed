import { Resvg } from "@resvg/resvg-js";
import { readFileSync } from "node:fs";
import path from "node:path";
import satori from "satori";

/**
 * The share image of a page (a 1200x630 PNG: link-preview crawlers refuse SVG), drawn from what the
 * page's HTML says: its title, description, type and the site's name. One drawing for both places
 * that make them: the build (scripts/build-public-assets.ts, the example facts) and the server's
 * start (server/platform/http/deployment-assets.ts, when this deployment's facts change a card).
 * satori lays the card out with Inter; resvg rasterises it.
 */
export type ShareCard = { siteName: string; title: string; description: string; eyebrow: string };

export const SHARE_CARD_SIZE = { width: 1200, height: 630 };

/** The Inter files the card is drawn with (satori reads WOFF, not WOFF2); the build copies them beside server.js. */
export const SHARE_FONT_FILES = { 400: "inter-latin-400-normal.woff", 700: "inter-latin-700-normal.woff" } as const;

const decode = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");
const attr = (html: string, property: string) =>
  decode(html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1] ?? "");

/** The card of the page at `route` ("/", "/Blog/x"), read from its HTML. */
export function shareCardOf(route: string, html: string, fallbackSiteName: string): ShareCard {
  const siteName = attr(html, "og:site_name") || fallbackSiteName;
  const title = decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? siteName)
    .replace(` | ${siteName}`, "")
    .replace(`${siteName} | `, "");
  const eyebrow = attr(html, "og:type") === "article" ? "Blog" : route.startsWith("/products") ? "Product" : route === "/" ? "" : siteName;
  return { siteName, title, description: attr(html, "description"), eyebrow };
}

/** Where the card of `route` is served: "/" -> "/og/home.png" (as app/components/page-meta.ts links it). */
export const shareCardPath = (route: string) => `/og${route === "/" ? "/home" : route}.png`;

type Node = { type: string; props: { style: Record<string, unknown>; children: unknown } };
const h = (type: string, style: Record<string, unknown>, children: unknown): Node => ({ type, props: { style, children } });

function layout({ siteName, title, description, eyebrow }: ShareCard): Node {
  const text = { display: "flex", width: 1056 };
  return h(
    "div",
    {
      width: "100%",
      height: "100%",
      display: "flex",
      flexDirection: "column",
      backgroundImage: "linear-gradient(135deg, #020617 0%, #082f49 100%)",
      color: "#fff",
      fontFamily: "Inter",
    },
    [
      h("div", { display: "flex", margin: "72px 72px 0", alignItems: "center", fontSize: 34, fontWeight: 700, color: "#7dd3fc" }, [
        h("div", { width: 44, height: 44, borderRadius: 10, backgroundColor: "#0284c7", marginRight: 18 }, []),
        siteName,
      ]),
      h("div", { display: "flex", flexDirection: "column", margin: "auto 72px 72px" }, [
        ...(eyebrow
          ? [h("div", { ...text, fontSize: 26, fontWeight: 700, color: "#38bdf8", letterSpacing: 2 }, eyebrow.toUpperCase())]
          : []),
        h("div", { ...text, fontSize: title.length > 36 ? 58 : 68, fontWeight: 700, lineHeight: 1.1, marginTop: 12 }, title),
        h(
          "div",
          { ...text, fontSize: 28, color: "#cbd5e1", marginTop: 24, lineHeight: 1.35 },
          description.length > 140 ? `${description.slice(0, 137)}…` : description,
        ),
      ]),
    ],
  );
}

/** A drawer with the fonts read once from `fontDir`. */
export function shareCardDrawer(fontDir: string) {
  const font = (weight: 400 | 700) => ({
    name: "Inter",
    data: readFileSync(path.join(fontDir, SHARE_FONT_FILES[weight])),
    weight,
    style: "normal" as const,
  });
  const fonts = [font(400), font(700)];
  return async (card: ShareCard): Promise<Uint8Array> => {
    // satori takes React elements; the plain objects above are what JSX would make.
    const svg = await satori(layout(card) as unknown as Parameters<typeof satori>[0], { ...SHARE_CARD_SIZE, fonts });
    return new Resvg(svg, { fitTo: { mode: "width", value: SHARE_CARD_SIZE.width } }).render().asPng();
  };
}
