// Public routes rendered to static HTML at build time. Keep in sync with app/routes/public-routes.ts;
// sitemap.xml is generated from this list as well.
export const prerenderPaths: string[] = [
  "/",
  "/Blog",
  "/About",
  "/Projects",
  "/tools",
  "/products/opensource/tubelearns",
  "/products/opensource/brute-force",
  "/products/opensource/ogresync",
  "/products/educational/campus",
  "/products/educational/campus/features",
  "/products/educational/campus/docs",
  "/products/educational/campus/contact",
  "/products/educational/master",
];

// Public pages rendered per request because they show live data in their HTML: dirx's download
// buttons are its published builds (decision 093), the quests their live state and counts. The
// sitemap and the page tests list them too.
export const serverRenderedPublicPaths: string[] = ["/products/cyber/webtools/dirx", "/quests", "/quests/hall-of-fame"];

/** Every public page of the site map: prerendered and per-request ones. */
export const publicPagePaths: string[] = [...prerenderPaths, ...serverRenderedPublicPaths];
