import { index, layout, route, type RouteConfigEntry } from "@react-router/dev/routes";

// Every public page; the prerendered ones are listed in app/prerender.ts as well.
export const publicRoutes: RouteConfigEntry[] = [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("Blog", "routes/public/blog.tsx"),
    route("Blog/:slug", "routes/public/blog-article.tsx"),
    route("About", "routes/public/about.tsx"),
    route("Projects", "routes/public/projects.tsx"),
    route("tools", "routes/public/tools.tsx"),
    route("products/opensource/tubelearns", "routes/public/tubelearns.tsx"),
    route("products/opensource/brute-force", "routes/public/brute-force.tsx"),
    route("products/opensource/ogresync", "routes/public/ogresync.tsx"),
    route("products/cyber/webtools/dirx", "routes/public/dirx.tsx"),
    route("products/educational/campus", "routes/public/campus.tsx"),
    route("products/educational/campus/features", "routes/public/campus-features.tsx"),
    route("products/educational/campus/docs", "routes/public/campus-docs.tsx"),
    route("products/educational/campus/contact", "routes/public/campus-contact.tsx"),
    route("products/educational/master", "routes/public/master.tsx"),
    route("contact/sent", "routes/public/contact-sent.tsx"),
    // The disclosure policy and its report form, the reporter's status link, the credits (server-rendered).
    route("security", "routes/public/security.tsx"),
    route("security/thanks", "routes/public/security-thanks.tsx"),
    route("security/reports/:token", "routes/public/security-report-status.tsx"),
    // Security advisories (server-rendered from the page cache; their OSV JSON is served by server/features/advisories).
    route("security/advisories", "routes/public/advisories.tsx"),
    route("security/advisories/:id", "routes/public/advisory.tsx"),
    // The store (server-rendered, noindex): checkout, the test provider's sandbox, the receipt.
    route("checkout/test-pay", "routes/public/checkout-test-pay.tsx"),
    route("checkout/receipt/:orderId", "routes/public/checkout-receipt.tsx"),
    route("checkout/:productId", "routes/public/checkout.tsx"),
    // The customer's account (server-rendered, noindex): sign-in by mailed code or link, then /account.
    route("account/sign-in", "routes/public/account-sign-in.tsx"),
    route("account/verify", "routes/public/account-verify.tsx"),
    route("account", "routes/public/account.tsx"),
    // Release notes (server-rendered: the admin publishes at run time); their feed is outside the layout.
    route("releases/:productId", "routes/public/releases.tsx"),
    // Quests (server-rendered: the admin posts and judges them at run time).
    route("quests", "routes/public/quests.tsx"),
    route("quests/hall-of-fame", "routes/public/quest-hall-of-fame.tsx"),
    route("quests/:id", "routes/public/quest-detail.tsx"),
  ]),
  // An invoice or credit note (printable HTML, and as PDF), opened with its order's access token or
  // by the signed-in customer whose order it is.
  route("account/invoices/:number", "routes/public/account-invoice.ts"),
  route("account/invoices/:number/pdf", "routes/public/account-invoice-pdf.ts"),
  route("sitemap.xml", "routes/public/sitemap.ts"),
  route("robots.txt", "routes/public/robots.ts"),
  route("Blog/feed.xml", "routes/public/blog-feed.ts"),
  route("releases/:productId/feed.xml", "routes/public/releases-feed.ts"),
  route("security/advisories/feed.xml", "routes/public/advisories-feed.ts"),
];
