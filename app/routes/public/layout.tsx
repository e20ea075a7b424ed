import { Outlet } from "react-router";
import { ScrollToTop } from "../../components/scroll-to-top";
import { SiteFooter } from "../../components/site-footer";
import { SiteHeader } from "../../components/site-header";
import { Toasts } from "../../components/toasts";

export default function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col overflow-x-clip">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2">Skip to content</a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollToTop />
      <Toasts />
    </div>
  );
}
