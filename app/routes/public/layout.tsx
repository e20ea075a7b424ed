import { Toaster } from "react-hot-toast";
import { Outlet } from "react-router";
import { ScrollToTop } from "../../components/scroll-to-top";
import { SiteFooter } from "../../components/site-footer";
import { SiteHeader } from "../../components/site-header";

// react-hot-toast's defaults are SPEC.md section 9's durations; width and count set here.
const toastOptions = { style: { maxWidth: "350px" } };

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
      <Toaster position="top-center" toastOptions={toastOptions} containerStyle={{ zIndex: 60 }} />
    </div>
  );
}
