import { Link } from "react-router";
import { site } from "../site";

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{site.name}</p>
          <p className="mt-2 text-sm">{site.tagline}</p>
        </div>
        <nav aria-label="Footer">
          <ul className="space-y-1 text-sm">
            <li>
              <Link className="hover:text-white" to="/About">
                About us
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/Projects">
                Products
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/tools">
                Security tools
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/Blog">
                Blogs
              </Link>
            </li>
          </ul>
        </nav>
        <div className="text-sm">
          <p>{site.country}</p>
          <p>
            <a className="inline-block py-1 hover:text-white" href={`mailto:${site.email}`}>
              {site.email}
            </a>
          </p>
          <p>
            <a className="inline-block py-1 hover:text-white" href={`tel:${site.phone.replace(/\s/g, "")}`}>
              {site.phone}
            </a>
          </p>
          <p className="mt-2">
            <a className="inline-block py-1 hover:text-white" href={site.links.github}>
              GitHub
            </a>{" "}
            ·{" "}
            <a className="inline-block py-1 hover:text-white" href={site.links.linkedin}>
              LinkedIn
            </a>
          </p>
        </div>
      </div>
      <p className="pb-6 text-center text-xs">© 2024 {site.name}. All rights reserved.</p>
    </footer>
  );
}
