import { Link } from "react-router";
import { PageHero } from "../../components/page-hero";
import { pageMeta } from "../../components/page-meta";
import { ProductIcon } from "../../components/product-icon";
import { cyberProducts } from "../../content/products";
import { site } from "../../site";

// A static page: the islands entry runs it, not React Router (decision 030).
export const handle = { islands: true };

export function meta() {
  return pageMeta("/tools", "Cybersecurity Products", "dirx directory scanner, Passive Pass wordlist generator and our network penetration testing kit.");
}

const details: Record<string, string> = {
  dirx: "Finds hidden directories and files with a fast wordlist scan, a spider that follows links, and query search. Native builds for macOS Apple Silicon and Linux x86_64.",
  "Passive Pass": "Builds probable password lists from what you know about a target (names, dates, places) through a simple GUI. For authorised audits only.",
  "Network Pentest Kit": "Chains host discovery, port and service enumeration and vulnerability checks, then writes a report you can hand to the client. Available to our consulting clients.",
};

export default function Tools() {
  return (
    <>
      <PageHero eyebrow="Tools" title="Cybersecurity Products">The tools our consultants use on every assessment. Use them only on systems you are authorised to test.</PageHero>
      <ul className="mx-auto grid max-w-6xl gap-6 px-4 py-12 md:grid-cols-3">
        {cyberProducts.map((p) => (
          <li key={p.name} className="flex flex-col rounded-xl border border-slate-200 p-6">
            <ProductIcon name={p.icon} className="h-12 w-12" />
            <p className="mt-3 text-xs font-semibold text-sky-800 uppercase">{p.category}</p>
            <h2 className="text-xl font-bold">{p.name}</h2>
            <p className="mt-2 flex-1 text-sm text-slate-700">{details[p.name]}</p>
            {p.name === "Network Pentest Kit" ? (
              <a className="mt-4 font-semibold text-sky-800 underline" href="/#contact">Ask us about it</a>
            ) : (
              <Link className="mt-4 font-semibold text-sky-800 underline" to={p.link}>Open {p.name}</Link>
            )}
          </li>
        ))}
      </ul>
      {site.links.github ? <p className="mx-auto max-w-6xl px-4 pb-12 text-sm">Source code: <a className="text-sky-800 underline" href={site.links.github}>{site.name} on GitHub</a></p> : null}
    </>
  );
}
