import { Link } from "react-router";
import { rangeText, SeverityBadge } from "../../components/advisory-facts";
import { PageHero, Prose } from "../../components/page-hero";
import { site } from "../../site";
import type { Route } from "./+types/advisory";
import { loadAdvisory } from "./advisories.server";

export function meta({ data }: Route.MetaArgs) {
  const a = data?.advisory;
  if (!a) return [{ title: "Advisory not found" }, { name: "robots", content: "noindex" }];
  return [
    { title: `${a.id}: ${a.title} | ${site.name}` },
    { name: "description", content: a.summary },
    { tagName: "link", rel: "canonical", href: `${site.origin}/security/advisories/${a.id}` },
    { tagName: "link", rel: "alternate", type: "application/json", title: `${a.id} (OSV)`, href: `/security/advisories/${a.id}.json` },
  ];
}

// Served from the page cache (topic "advisories"); revalidated so an edit or a withdrawal shows at once.
export const headers = () => ({ "Cache-Control": "no-cache" });

export const loader = ({ params, context }: Route.LoaderArgs) => loadAdvisory(params.id, context);

/** /security/advisories/:id: one advisory; its details are admin Markdown rendered safe (no raw HTML, no scripts). */
export default function Advisory({ loaderData: { advisory: a, detailsHtml } }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow={`Security advisory ${a.id}`} title={a.title}>
        <p>{a.summary}</p>
      </PageHero>
      <Prose>
        {a.withdrawn ? (
          <p className="rounded border border-slate-400 bg-slate-50 p-3 font-semibold text-slate-900" data-testid="withdrawn">
            Withdrawn on {a.withdrawnOn}: this advisory no longer applies.
          </p>
        ) : null}
        <dl className="not-prose grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
          <dt className="font-semibold text-slate-900">Severity</dt>
          <dd>
            <SeverityBadge severity={a.severity} score={a.score} />{" "}
            <code className="font-mono text-sm break-all text-slate-800">{a.cvssVector}</code>
          </dd>
          <dt className="font-semibold text-slate-900">Product</dt>
          <dd>
            <Link className="text-sky-800 underline" to={`/releases/${a.productId}`}>
              {a.productName}
            </Link>
          </dd>
          <dt className="font-semibold text-slate-900">Affected versions</dt>
          <dd>
            <ul className="list-disc pl-5">
              {a.ranges.map((r) => (
                <li key={`${r.introduced}-${r.fixed ?? ""}`}>{rangeText(r)}</li>
              ))}
            </ul>
          </dd>
          {a.cveId ? (
            <>
              <dt className="font-semibold text-slate-900">CVE</dt>
              <dd>
                <a className="text-sky-800 underline" href={`https://www.cve.org/CVERecord?id=${a.cveId}`} rel="nofollow noopener">
                  {a.cveId}
                </a>
              </dd>
            </>
          ) : null}
          <dt className="font-semibold text-slate-900">Published</dt>
          <dd>{a.published}</dd>
          <dt className="font-semibold text-slate-900">Last changed</dt>
          <dd>{a.modified}</dd>
          {a.credits.length ? (
            <>
              <dt className="font-semibold text-slate-900">Credits</dt>
              <dd>{a.credits.join(", ")}</dd>
            </>
          ) : null}
        </dl>
        <h2>Details</h2>
        <div className="article-body" data-testid="advisory-details" dangerouslySetInnerHTML={{ __html: detailsHtml }} />
        <p>
          <a className="text-sky-800 underline" href={`/security/advisories/${a.id}.json`}>
            This advisory in the OSV format
          </a>{" "}
          ·{" "}
          <Link className="text-sky-800 underline" to="/security/advisories">
            All advisories
          </Link>
        </p>
      </Prose>
    </>
  );
}
