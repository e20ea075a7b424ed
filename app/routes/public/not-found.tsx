import { data, Link } from "react-router";
import { SiteFooter } from "../../components/site-footer";
import { SiteHeader } from "../../components/site-header";

// A static page: the islands entry runs it, not React Router (decision 030).
export const handle = { islands: true };

export function loader() {
  // A real 404 status, not a 200 with an error message.
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 py-16">
        <p className="font-semibold text-sky-800">404</p>
        <h1 className="text-3xl font-bold">Page not found</h1>
        <p className="mt-4 text-slate-700">The page you asked for does not exist or has moved.</p>
        <ul className="mt-6 space-y-2">
          <li><Link className="text-sky-800 underline" to="/">Back to the home page</Link></li>
          <li><Link className="text-sky-800 underline" to="/Projects">Our products</Link></li>
          <li><a className="text-sky-800 underline" href="/#contact">Contact us</a></li>
        </ul>
      </main>
      <SiteFooter />
    </div>
  );
}
