// Runs after `react-router build`: what the client build needs beside the pages. Share images (a
// 1200x630 PNG per prerendered page, read from its title and description: link-preview crawlers
// refuse SVG), the favicon set and web manifest, and the blog covers at /Blog/covers/.
// satori lays the card out with the self-hosted Inter; resvg rasterises it. Nothing here runs at
// request time; pages point at /og/<path>.png (app/components/page-meta.ts).
import { Resvg } from "@resvg/resvg-js";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import satori from "satori";

const clientDir = path.join(process.env.BUILD_DIR ?? "build", "client");
const font = (weight) => readFileSync(`node_modules/@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
const fonts = [
  { name: "Inter", data: font(400), weight: 400, style: "normal" },
  { name: "Inter", data: font(700), weight: 700, style: "normal" },
];
const site = JSON.parse(readFileSync("site.config.example.json", "utf8"));

const decode = (text) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
const attr = (html, property) => decode(html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1] ?? "");

const h = (type, style, children) => ({ type, props: { style, children } });

function card({ siteName, title, description, eyebrow }) {
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

async function png(element, width, height) {
  const svg = await satori(element, { width, height, fonts });
  return new Resvg(svg, { fitTo: { mode: "width", value: width } }).render().asPng();
}

function* pages(dir, route = "") {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry !== "assets" && entry !== "og") yield* pages(full, `${route}/${entry}`);
    } else if (entry === "index.html") yield { route: route || "/", html: readFileSync(full, "utf8") };
  }
}

let count = 0;
for (const { route, html } of pages(clientDir)) {
  const siteName = attr(html, "og:site_name") || site.name;
  const title = decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? siteName)
    .replace(` | ${siteName}`, "")
    .replace(`${siteName} | `, "");
  const eyebrow = attr(html, "og:type") === "article" ? "Blog" : route.startsWith("/products") ? "Product" : route === "/" ? "" : siteName;
  const out = path.join(clientDir, "og", `${route === "/" ? "home" : route}.png`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, await png(card({ siteName, title, description: attr(html, "description"), eyebrow }), 1200, 630));
  count++;
}

// Favicons from the one drawn icon: the .ico holds a 32x32 PNG (allowed since Windows Vista).
const icon = readFileSync("public/favicon.svg");
const raster = (size) => new Resvg(icon, { fitTo: { mode: "width", value: size } }).render().asPng();
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
