import { Toaster } from "react-hot-toast";
import { Outlet } from "react-router";
import { Sidebar } from "../../components/admin/sidebar";
import type { Route } from "./+types/layout";
import { requireAdminPage } from "./session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context);
  return { email: admin.email };
}

// Run the guard on every navigation's data request too, not only on the first page load.
export const shouldRevalidate = () => true;

// Admin pages carry per-admin data: never cached, never indexed.
export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <meta name="robots" content="noindex" />
      <Sidebar email={loaderData.email} />
      <main className="min-w-0 flex-1 p-4 md:p-8">
        <Outlet />
      </main>
      <Toaster />
    </div>
  );
}
