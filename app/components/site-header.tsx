import { useRef } from "react";
import { Link } from "react-router";
import { useBehaviour } from "../lib/use-behaviour";
import { site } from "../site";
import { MENU_ICON, siteHeader } from "./behaviours/site-header";
import { Logo } from "./logo";
import { MegaMenu } from "./mega-menu";

const linkClass = "block rounded px-3 py-2 font-medium hover:text-sky-700 focus-visible:outline-2 focus-visible:outline-sky-600";

/**
 * The public header: About, Services and Contact scroll to home sections; Account opens the
 * customer's account (or its sign-in). Its
 * menus are plain DOM behaviour (behaviours/site-header.ts), the same with React and without.
 */
export function SiteHeader() {
  const ref = useRef<HTMLElement>(null);
  useBehaviour(ref, siteHeader);
  return (
    <header ref={ref} data-behaviour="site-header" className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center justify-between px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold">
          <Logo />
          <span>{site.name}</span>
        </Link>
        <button type="button" className="rounded p-2 md:hidden" aria-expanded={false} aria-controls="main-menu">
          <span className="sr-only">Open menu</span>
          <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
            <path d={MENU_ICON.closed} stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <ul id="main-menu" className="hidden w-full flex-col gap-1 pt-3 md:flex md:w-auto md:flex-row md:items-center md:pt-0">
          <li>
            <Link className={linkClass} to="/">
              Home
            </Link>
          </li>
          <li>
            <Link className={linkClass} to="/Blog">
              Blogs
            </Link>
          </li>
          <li>
            <a className={linkClass} href="/#why-choose-us">
              About
            </a>
          </li>
          <li>
            <a className={linkClass} href="/#services">
              Services
            </a>
          </li>
          <li>
            <MegaMenu />
          </li>
          <li>
            <a className={linkClass} href="/#contact">
              Contact
            </a>
          </li>
          <li className="md:ml-2">
            {/* One link for every visitor: /account shows the account, or sends a signed-out visitor to its sign-in. */}
            <a className={`${linkClass} md:border md:border-slate-300`} href="/account">
              Account
            </a>
          </li>
        </ul>
      </nav>
    </header>
  );
}
