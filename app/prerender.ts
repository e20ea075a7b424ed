// Public routes rendered to static HTML at build time. Keep in sync with app/routes.ts;
// sitemap.xml is generated from this list as well.
export const prerenderPaths: string[] = ["/"];
