import { Feed } from "feed";
import { articles } from "../../content/blog-articles.server";
import { site } from "../../site";

// The Atom feed of the blog, with this deployment's origin (PUBLIC_ORIGIN) in every link. The facts
// are fixed for the life of the process, so it is made once.
let atom: string | undefined;

function render(): string {
  const origin = site.origin;
  const feed = new Feed({
    title: `${site.name} blog`,
    description: "Notes from our engineers on the products we build and the projects we ship.",
    id: `${origin}/Blog`,
    link: `${origin}/Blog`,
    language: "en",
    favicon: `${origin}/favicon.ico`,
    copyright: `© ${site.name}`,
    updated: articles.length ? new Date(`${articles[0].date}T00:00:00Z`) : undefined,
    feedLinks: { atom: `${origin}/Blog/feed.xml` },
    author: { name: site.name, email: site.email, link: `${origin}/` },
  });
  for (const article of articles) {
    const url = `${origin}/Blog/${article.slug}`;
    feed.addItem({
      title: article.title,
      id: url,
      link: url,
      description: article.summary,
      content: article.html,
      date: new Date(`${article.date}T00:00:00Z`),
      author: [{ name: article.author }],
      category: article.tags.map((name) => ({ name })),
    });
  }
  return feed.atom1();
}

export function loader() {
  atom ??= render();
  return new Response(atom, { headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
