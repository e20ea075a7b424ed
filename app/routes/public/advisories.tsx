import { Link } from "react-router";
import { rangeText, SeverityBadge } from "../../components/advisory-facts";
import { PageHero, Prose } from "../../components/page-hero";
import { site } from "../../site";
import type { Route } from "./+types/advisories";
import { loadAdvisories } from "./advisories.server";

export function meta() {
  return [
    { title: `Security advisories | ${site.name}` },
    { name: "description", content: `Vulnerabilities fixed in ${site.name}'s products: what was affected, how severe, and which version fixes it.` },
    { tagName: "link", rel: "canonical", href: `${site.origin}/security/advisories` },
    { tagName: "link", rel: "alternate", type: "application/atom+xml", title: "Security advisories", href: "/security/advisories/feed.xml" },
  ];
}

// Served from the page cache (topic "advisories"); revalidated so a new advisory shows at once.
export const headers = () => ({ "Cache-Control": "no-cache" });

export const loader = ({ context }: Route.LoaderArgs) => loadAdvisories(context);

/** /security/advisories: every published advisory, newest first; withdrawn ones stay, marked. */
export default function Advisories({ loaderData: { advisories } }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Security" title="Security advisories">
        <p>
          Vulnerabilities in our products, with the versions they affect and the version that fixes them.{" "}
          <a className="underline" href="/security/advisories/feed.xml">
            Follow the Atom feed
          </a>
          ; each advisory is also published in the OSV format.
        </p>
      </PageHero>
      <Prose>
        {advisories.length ? (
          <ul className="not-prose space-y-4" data-testid="advisory-list">
            {advisories.map((a) => (
              <li key={a.id} className="rounded-lg border border-slate-200 p-4">
                <h2 className="text-lg font-semibold text-slate-900">
                  <Link className="text-sky-800 underline" to={`/security/advisories/${a.id}`}>
                    {a.id}: {a.title}
                  </Link>
                </h2>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  <SeverityBadge severity={a.severity} score={a.score} />
                  <span>{a.productName}</span>
                  <span>· published {a.published}</span>
                  {a.withdrawn ? <span className="font-semibold text-slate-900">· withdrawn {a.withdrawnOn}</span> : null}
                </p>
                <p className="mt-2 text-slate-800">{a.summary}</p>
                <p className="mt-1 text-sm text-slate-700">Affected: {a.ranges.map(rangeText).join("; ")}.</p>
              </li>
            ))}
          </ul>
        ) : (
          <p>No advisories are published yet.</p>
        )}
        <p>
          Found a vulnerability? Read our{" "}
          <Link className="text-sky-800 underline" to="/security">
            disclosure policy
          </Link>{" "}
          and report it.
        </p>
      </Prose>
    </>
  );
}
