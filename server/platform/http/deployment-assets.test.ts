import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deploymentAssets } from "./deployment-assets";
import { loadStaticFiles } from "./static-files";

// The share images and the manifest follow this deployment's facts: drawn again at start when a
// page's card shows something else than the build's, kept for the next start, served instead.
const fontDir = path.resolve("node_modules/@fontsource/inter/files");
const page = (name: string, description: string) =>
  `<!doctype html><title>About | ${name}</title><meta name="description" content="${description}"/><meta property="og:site_name" content="${name}"/>`;
const pngSize = (png: Uint8Array) => {
  const view = Buffer.from(png);
  return [view.readUInt32BE(16), view.readUInt32BE(20)];
};

let clientDir: string;
let cacheDir: string;
beforeAll(() => {
  const dir = mkdtempSync(path.join(tmpdir(), "deploy-assets-"));
  clientDir = path.join(dir, "client");
  cacheDir = path.join(dir, "share-cache");
  mkdirSync(path.join(clientDir, "About"), { recursive: true });
  mkdirSync(path.join(clientDir, "og"), { recursive: true });
  writeFileSync(path.join(clientDir, "About/index.html"), page("Oni Labs", "Who we are."));
  writeFileSync(path.join(clientDir, "og/About.png"), "the build's card");
  writeFileSync(path.join(clientDir, "site.webmanifest"), JSON.stringify({ name: "Oni Labs", short_name: "Oni Labs", icons: [] }));
});
afterAll(() => rmSync(path.dirname(clientDir), { recursive: true, force: true }));

describe("deploymentAssets", () => {
  it("changes nothing when the deployment's facts draw the same cards as the build's", async () => {
    const assets = await deploymentAssets({
      clientDir,
      pages: new Map([["/About/index.html", page("Oni Labs", "Who we are.")]]),
      siteName: "Oni Labs",
      fontDir,
      cacheDir,
    });
    expect([...assets.keys()]).toEqual([]);
  });

  it("draws a changed card again as a 1200x630 PNG, keeps it for the next start, and renames the manifest", async () => {
    const options = {
      clientDir,
      pages: new Map([["/About/index.html", page("Kestrel Security", "Who we are.")]]),
      siteName: "Kestrel Security",
      fontDir,
      cacheDir,
    };
    const assets = await deploymentAssets(options);
    const png = assets.get("/og/About.png");
    expect(png && pngSize(png)).toEqual([1200, 630]);
    expect(JSON.parse(new TextDecoder().decode(assets.get("/site.webmanifest")))).toMatchObject({
      name: "Kestrel Security",
      short_name: "Kestrel Security",
      icons: [],
    });
    expect(readdirSync(cacheDir).filter((f) => f.endsWith(".png"))).toHaveLength(1);

    // The next start reads the kept card: the same bytes, and no font is needed to draw it.
    const again = await deploymentAssets({ ...options, fontDir: "/nonexistent" });
    expect(Buffer.from(again.get("/og/About.png")!).equals(Buffer.from(png!))).toBe(true);

    // A different card (another description) is drawn anew: another image.
    const other = await deploymentAssets({ ...options, pages: new Map([["/About/index.html", page("Kestrel Security", "Since 2019.")]]) });
    expect(Buffer.from(other.get("/og/About.png")!).equals(Buffer.from(png!))).toBe(false);

    // And it is what the server answers for /og/About.png.
    const files = loadStaticFiles(clientDir, undefined, assets);
    expect(Buffer.from(files.get("/og/About.png")!.body).equals(Buffer.from(png!))).toBe(true);
  });
});
