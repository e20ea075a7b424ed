import { Feed } from "feed";
import { site } from "../../site";
import type { Route } from "./+types/advisories-feed";
import { SEVERITY_LABEL } from "../../../contract/advisories";
import { loadAdvisories } from "./advisories.server";

/** /security/advisories/feed.xml: one Atom entry per published (or withdrawn) advisory. */
export async function loader({ context }: Route.LoaderArgs) {
  const { advisories } = await loadAdvisories(context);
  const origin = site.origin;
  const page = `${origin}/security/advisories`;
  const feed = new Feed({
    title: `${site.name} security advisories`,
    description: `Vulnerabilities fixed in ${site.name}'s products.`,
    id: page,
    link: page,
    language: "en",
    copyright: `© ${site.name}`,
    updated: advisories[0]?.publishedIso ? new Date(advisories[0].publishedIso) : undefined,
    feedLinks: { atom: `${page}/feed.xml` },
    author: { name: site.name, link: `${origin}/` },
  });
  for (const a of advisories) {
    feed.addItem({
      title: `${a.id}: ${a.title}${a.withdrawn ? " (withdrawn)" : ""}`,
      id: `${page}/${a.id}`,
      link: `${page}/${a.id}`,
      description: `${SEVERITY_LABEL[a.severity]} (CVSS ${a.score}) in ${a.productName}. ${a.summary}`,
      date: a.publishedIso ? new Date(a.publishedIso) : new Date(0),
    });
  }
  return new Response(feed.atom1(), {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
