import { useEffect } from "react";
import { Links, Meta, Outlet, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/root";
import { InlineStylesheet } from "./lib/inline-stylesheet";
import { PageScripts } from "./lib/page-scripts";
import { SITE_FACTS_ELEMENT_ID, site, siteFactsJson } from "./site";

const NO_SCRIPT_CSS = [
  "#main-menu{display:block}",
  "@media (min-width:48rem){#main-menu{display:flex}}",
  // Unlayered, so it wins over Tailwind's .hidden (utilities layer).
  ".no-js-shown{display:flex}",
  '.js-only,#docs-sidebar,[aria-controls="main-menu"],[aria-controls="docs-sidebar"]{display:none}',
].join("");

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        <link rel="alternate" type="application/atom+xml" title={`${site.name} blog`} href={`${site.origin}/Blog/feed.xml`} />
        <InlineStylesheet />
        {/* Without JavaScript the toggles cannot open anything: show what they would (the phone menu,
            the docs sidebar, both /Projects cards) and hide the controls that need a script. */}
        <noscript>
          <style>{NO_SCRIPT_CSS}</style>
        </noscript>
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        {children}
        {/* This deployment's facts for hydration (app/site.ts): a data block, never executed. */}
        <script type="application/json" id={SITE_FACTS_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: siteFactsJson() }} />
        <PageScripts />
      </body>
    </html>
  );
}

export default function App() {
  // Says the page has become interactive: end-to-end tests and the bench's front-end section wait
  // for it, since hydration may end after `load`. On static pages the islands entry sets it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Unexpected Application Error!";
  let message = "Something went wrong on our side. Please try again in a moment.";
  let stack: string | undefined;
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Page not found" : title;
    message = error.status === 404 ? "The page you asked for does not exist." : `${error.status} ${error.statusText}`;
  } else if (error instanceof Error) {
    message = error.message;
    // The stack helps while developing; in production it would leak internals.
    if (import.meta.env.DEV) stack = error.stack;
  }
  return (
    <main className="mx-auto max-w-2xl p-8">
      <title>{title}</title>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-4">{message}</p>
      {stack ? <pre className="mt-4 overflow-x-auto text-xs">{stack}</pre> : null}
      <p className="mt-6">
        <a className="text-blue-700 underline" href="/">
          Back to the home page
        </a>
      </p>
    </main>
  );
}
