import { Feed } from "feed";
import { site } from "../../site";
import type { Route } from "./+types/releases-feed";
import { findReleases } from "./releases.server";

/** /releases/:productId/feed.xml: one Atom entry per published or withdrawn version and patch. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await findReleases(params.productId, context);
  if (!found) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { product, releases } = found;
  const origin = site.origin;
  const page = `${origin}/releases/${product.id}`;
  const entries = releases.flatMap((r) => [
    { version: r.version, date: r.published_at, features: r.features, status: r.status, reason: r.yank_reason },
    ...r.patches.map((p) => ({ version: p.version, date: p.published_at, features: p.features, status: p.status, reason: p.yank_reason })),
  ]);
  entries.sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""));
  const feed = new Feed({
    title: `${product.name} releases`,
    description: `New versions and patches of ${product.name}.`,
    id: page,
    link: page,
    language: "en",
    copyright: `© ${site.name}`,
    updated: entries[0]?.date ? new Date(entries[0].date) : undefined,
    feedLinks: { atom: `${page}/feed.xml` },
    author: { name: site.name, link: `${origin}/` },
  });
  for (const e of entries) {
    const withdrawn = e.status === "yanked" ? ` (withdrawn: ${e.reason ?? ""})` : "";
    feed.addItem({
      title: `${product.name} ${e.version}${e.status === "yanked" ? " (withdrawn)" : ""}`,
      id: `${page}#v${e.version}`,
      link: `${page}#v${e.version}`,
      description: (e.features.join("; ") || "Maintenance release.") + withdrawn,
      date: e.date ? new Date(e.date) : new Date(0),
    });
  }
  return new Response(feed.atom1(), {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
