import { Link } from "react-router";
import { site, telHref } from "../site";

const SOCIAL: [keyof typeof site.links, string][] = [
  ["github", "GitHub"],
  ["linkedin", "LinkedIn"],
  ["x", "X"],
];

/** Only the profiles this deployment configured (SITE_CONFIG_FILE). */
function SocialLinks() {
  const links = SOCIAL.filter(([key]) => site.links[key]);
  if (links.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4">
      {links.map(([key, label]) => (
        <li key={key}>
          <a className="inline-block py-1 hover:text-white" href={site.links[key]}>
            {label}
          </a>
        </li>
      ))}
    </ul>
  );
}

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
                Our story
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/Projects">
                Our Products
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/tools">
                Cybersecurity Products
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/Blog">
                Blogs
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/quests">
                Quests
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/security">
                Security
              </Link>
            </li>
          </ul>
        </nav>
        <div className="text-sm">
          <p>{site.address ?? site.country}</p>
          <p>
            <a className="inline-block py-1 hover:text-white" href={`mailto:${site.email}`}>
              {site.email}
            </a>
          </p>
          {site.phone ? (
            <p>
              <a className="inline-block py-1 hover:text-white" href={telHref(site.phone)}>
                {site.phone}
              </a>
            </p>
          ) : null}
          <SocialLinks />
        </div>
      </div>
      <p className="pb-6 text-center text-xs">© 2024 {site.name}. All rights reserved.</p>
    </footer>
  );
}
