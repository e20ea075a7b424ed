import { useState } from "react";
import { Link } from "react-router";
import { site } from "../site";
import { Logo } from "./logo";
import { MegaMenu } from "./mega-menu";

const linkClass = "block rounded px-3 py-2 font-medium hover:text-sky-700 focus-visible:outline-2 focus-visible:outline-sky-600";

/** The public header (SPEC.md section 2): About, Services and Contact scroll to home sections. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center justify-between px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold" onClick={close}>
          <Logo />
          <span>{site.name}</span>
        </Link>
        <button
          type="button"
          className="rounded p-2 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span className="sr-only">{menuOpen ? "Close menu" : "Open menu"}</span>
          <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
            <path
              d={menuOpen ? "M6 6l12 12M18 6 6 18" : "M4 7h16M4 12h16M4 17h16"}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <ul
          id="main-menu"
          className={`${menuOpen ? "flex" : "hidden"} w-full flex-col gap-1 pt-3 md:flex md:w-auto md:flex-row md:items-center md:pt-0`}
        >
          <li>
            <Link className={linkClass} to="/" onClick={close}>
              Home
            </Link>
          </li>
          <li>
            <Link className={linkClass} to="/Blog" onClick={close}>
              Blogs
            </Link>
          </li>
          <li>
            <a className={linkClass} href="/#why-choose-us" onClick={close}>
              About
            </a>
          </li>
          <li>
            <a className={linkClass} href="/#services" onClick={close}>
              Services
            </a>
          </li>
          <li>
            <MegaMenu onNavigate={close} />
          </li>
          <li>
            <a className={linkClass} href="/#contact" onClick={close}>
              Contact
            </a>
          </li>
        </ul>
      </nav>
    </header>
  );
}
