import { Feed } from "feed";
import { site } from "../site";

/** One entry of a feed: `id` and `link` are the address of the part of the page it stands for. */
export type AtomEntry = { title: string; id: string; link: string; description: string; date: Date };

/**
 * The Atom answer of a page that changes when the company publishes something (release notes,
 * advisories): `page` is the page's address, its id and link; the feed is at `${page}/feed.xml`;
 * the company is the author. `updated` is the newest entry's date (the library's "now" without one).
 * Kept 5 minutes by caches, so a publication reaches readers within that.
 */
export function atomFeed(feed: { title: string; description: string; page: string; updated?: Date; entries: AtomEntry[] }): Response {
  const atom = new Feed({
    title: feed.title,
    description: feed.description,
    id: feed.page,
    link: feed.page,
    language: "en",
    copyright: `© ${site.name}`,
    updated: feed.updated,
    feedLinks: { atom: `${feed.page}/feed.xml` },
    author: { name: site.name, link: `${site.origin}/` },
  });
  for (const entry of feed.entries) atom.addItem(entry);
  return new Response(atom.atom1(), {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
