import { atomFeed } from "../../lib/atom-feed.server";
import { site } from "../../site";
import type { Route } from "./+types/releases-feed";
import { findReleases } from "./releases.server";

/** /releases/:productId/feed.xml: one Atom entry per published or withdrawn version and patch. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await findReleases(params.productId, context);
  if (!found) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { product, releases } = found;
  const page = `${site.origin}/releases/${product.id}`;
  const entries = releases.flatMap((r) => [
    { version: r.version, date: r.published_at, features: r.features, status: r.status, reason: r.yank_reason },
    ...r.patches.map((p) => ({ version: p.version, date: p.published_at, features: p.features, status: p.status, reason: p.yank_reason })),
  ]);
  entries.sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""));
  return atomFeed({
    title: `${product.name} releases`,
    description: `New versions and patches of ${product.name}.`,
    page,
    updated: entries[0]?.date ? new Date(entries[0].date) : undefined,
    entries: entries.map((e) => ({
      title: `${product.name} ${e.version}${e.status === "yanked" ? " (withdrawn)" : ""}`,
      id: `${page}#v${e.version}`,
      link: `${page}#v${e.version}`,
      description: (e.features.join("; ") || "Maintenance release.") + (e.status === "yanked" ? ` (withdrawn: ${e.reason ?? ""})` : ""),
      date: e.date ? new Date(e.date) : new Date(0),
    })),
  });
}
