import { SEVERITY_LABEL } from "../../../contract/advisories";
import { atomFeed } from "../../lib/atom-feed.server";
import { site } from "../../site";
import type { Route } from "./+types/advisories-feed";
import { loadAdvisories } from "./advisories.server";

/** /security/advisories/feed.xml: one Atom entry per published (or withdrawn) advisory. */
export async function loader({ context }: Route.LoaderArgs) {
  const { advisories } = await loadAdvisories(context);
  const page = `${site.origin}/security/advisories`;
  return atomFeed({
    title: `${site.name} security advisories`,
    description: `Vulnerabilities fixed in ${site.name}'s products.`,
    page,
    updated: advisories[0]?.publishedIso ? new Date(advisories[0].publishedIso) : undefined,
    entries: advisories.map((a) => ({
      title: `${a.id}: ${a.title}${a.withdrawn ? " (withdrawn)" : ""}`,
      id: `${page}/${a.id}`,
      link: `${page}/${a.id}`,
      description: `${SEVERITY_LABEL[a.severity]} (CVSS ${a.score}) in ${a.productName}. ${a.summary}`,
      date: a.publishedIso ? new Date(a.publishedIso) : new Date(0),
    })),
  });
}
