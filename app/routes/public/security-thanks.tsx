import { Link } from "react-router";
import { PageHero, Prose } from "../../components/page-hero";
import { site } from "../../site";
import type { Route } from "./+types/security-thanks";

export function meta() {
  return [
    { title: `Thanks to security researchers | ${site.name}` },
    { name: "description", content: `The people who reported vulnerabilities to ${site.name} and asked to be credited.` },
    { tagName: "link", rel: "canonical", href: `${site.origin}/security/thanks` },
  ];
}

/** Reporters and the people credited on published advisories, each name once (its most recent year). */
export async function loader({ context }: Route.LoaderArgs) {
  const [reporters, advisories] = await Promise.all([context.services.securityReports.credited(), context.services.advisories.credited()]);
  const seen = new Set<string>();
  return [...reporters, ...advisories]
    .sort((a, b) => b.year - a.year)
    .filter((c) => {
      const key = c.name.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * /security/thanks: reporters credited with their consent (they ticked it) once their report is fixed or
 * closed, and the people credited on published advisories who agreed to be listed.
 */
export default function SecurityThanks({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Security" title="Thank you">
        <p>These people found and reported vulnerabilities in our site or products, and gave us the time to fix them.</p>
      </PageHero>
      <Prose>
        {loaderData.length ? (
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="credited">
            {loaderData.map((c) => (
              <li key={c.name} className="rounded-lg border border-slate-200 px-4 py-3">
                <span className="font-semibold text-slate-900">{c.name}</span> <span className="text-sm text-slate-700">({c.year})</span>
              </li>
            ))}
          </ul>
        ) : (
          <p>No one is credited yet.</p>
        )}
        <p>
          Only people who asked to be credited are named here, under the name they chose. To join them, read our{" "}
          <Link className="text-sky-800 underline" to="/security">
            disclosure policy
          </Link>{" "}
          and send a report.
        </p>
      </Prose>
    </>
  );
}
