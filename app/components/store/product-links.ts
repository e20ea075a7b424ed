import { site } from "../../site";

/** The public page of each product sold in the store (receipts and checkout link back to it). */
const PAGES: Record<string, string> = {
  dirx: "/products/cyber/webtools/dirx",
  "passive-pass": "/products/opensource/brute-force",
  campus: "/products/educational/campus",
  master: "/products/educational/master",
  tubelearns: "/products/opensource/tubelearns",
  ogresync: "/products/opensource/ogresync",
};

/** dirx's builds, as the deployment configures them (SITE_CONFIG_FILE); read at render time. */
const DIRX_DOWNLOADS = [
  ["macos", "Download for macOS Apple Silicon"],
  ["linux", "Download for Linux x86_64"],
  ["windows", "Download for Windows x86_64"],
] as const;

export const productPage = (productId: string): string | undefined => PAGES[productId];
/** Direct downloads the receipt can offer; other products are fetched from their page. */
export const productDownloads = (productId: string): [string, string][] =>
  productId === "dirx"
    ? DIRX_DOWNLOADS.flatMap(([os, label]) => (site.downloads[os] ? [[label, site.downloads[os]] as [string, string]] : []))
    : [];
