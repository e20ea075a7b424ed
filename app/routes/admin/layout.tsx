import { Toaster } from "react-hot-toast";
import { Outlet } from "react-router";
import { RouteAnnouncer } from "../../components/admin/route-announcer";
import { SessionDialog } from "../../components/admin/session-dialog";
import { Sidebar } from "../../components/admin/sidebar";
import type { Route } from "./+types/layout";
import { requireAdminPage } from "./session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  // The guard also sends an admin without a required second factor to the Account screen.
  const admin = await requireAdminPage(request, context);
  return { email: admin.email, unreadMessages: await context.services.messages.unreadCount() };
}

// Run the guard on every navigation's data request too, not only on the first page load.
export const shouldRevalidate = () => true;

// Admin pages carry per-admin data: never cached, never indexed.
export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <meta name="robots" content="noindex" />
      {/* The first tab stop: past the navigation straight to the screen. */}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-blue-800 focus:shadow"
      >
        Skip to content
      </a>
      <Sidebar email={loaderData.email} unreadMessages={loaderData.unreadMessages} />
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 focus:outline-none md:p-8">
        <Outlet />
      </main>
      <RouteAnnouncer />
      <SessionDialog email={loaderData.email} />
      <Toaster />
    </div>
  );
}
