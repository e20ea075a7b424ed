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
  "/products/cyber/webtools/dirx",
  "/products/educational/campus",
  "/products/educational/campus/features",
  "/products/educational/campus/docs",
  "/products/educational/campus/contact",
  "/products/educational/master",
];
