import { layout, route, type RouteConfigEntry } from "@react-router/dev/routes";

// The admin area. Every screen sits under one layout whose loader is the
// server-side session guard; the paths are the original site's exactly (bookmarks and links keep working).
export const adminRoutes: RouteConfigEntry[] = [
  route("login", "routes/admin/login.tsx"),
  // Signed-out pages the identity mails link to (invitation, password reset); the token rides in the fragment.
  route("admin/forgot-password", "routes/admin/forgot-password.tsx"),
  route("admin/reset-password", "routes/admin/reset-password.tsx"),
  route("admin/invite", "routes/admin/invite.tsx"),
  // The Outbox's preview of one mail, fetched when an item is opened (a resource route: data only).
  route("dashboard/outbox/:id/preview", "routes/admin/outbox-preview.ts"),
  // The sidebar's Logout posts here (a resource route: an action only, then the login page).
  route("dashboard/logout", "routes/admin/logout.ts"),
  layout("routes/admin/layout.tsx", [
    route("dashboard", "routes/admin/dashboard-index.tsx"),
    route("dashboard/overview", "routes/admin/overview.tsx"),
    route("dashboard/version-release/major", "routes/admin/product-release.tsx"),
    route("dashboard/version-release/patch", "routes/admin/patch-release.tsx"),
    route("dashboard/coupon-gen", "routes/admin/coupon-gen.tsx"),
    route("dashboard/coupons", "routes/admin/coupons.tsx"),
    route("dashboard/orders", "routes/admin/orders.tsx"),
    route("dashboard/orders/:id", "routes/admin/order-detail.tsx"),
    route("dashboard/customers", "routes/admin/customers.tsx"),
    route("dashboard/customers/:id", "routes/admin/customer-detail.tsx"),
    route("dashboard/invoices", "routes/admin/invoices.tsx"),
    route("dashboard/messages", "routes/admin/messages.tsx"),
    route("dashboard/outbox", "routes/admin/outbox.tsx"),
    route("dashboard/outbox/test", "routes/admin/outbox-test.tsx"),
    route("dashboard/security/reports", "routes/admin/security-reports.tsx"),
    route("dashboard/security/reports/:id", "routes/admin/security-report.tsx"),
    route("dashboard/quests", "routes/admin/quests.tsx"),
    route("dashboard/quests/:id", "routes/admin/quest-settings.tsx"),
    route("dashboard/versions", "routes/admin/versions.tsx"),
    route("dashboard/versions/:id", "routes/admin/version-detail.tsx"),
    route("dashboard/account", "routes/admin/account.tsx"),
    route("dashboard/audit", "routes/admin/audit.tsx"),
    route("dashboard/security", "routes/admin/security.tsx"),
    route("dashboard/advisories", "routes/admin/advisories.tsx"),
    route("dashboard/advisories/new", "routes/admin/advisory-new.tsx"),
    route("dashboard/advisories/:id", "routes/admin/advisory-edit.tsx"),
    route("dashboard/admins", "routes/admin/admins.tsx"),
    route("dev-quest-add", "routes/admin/quest-add.tsx"),
  ]),
];
