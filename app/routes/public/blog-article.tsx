import { data, Link } from "react-router";
import { pageMeta, shareImagePath } from "../../components/page-meta";
import { ArticleByline, blogCoverPath } from "../../components/article-byline";
import { articleWithNeighbours } from "../../content/blog-articles.server";
import { site } from "../../site";
import type { Route } from "./+types/blog-article";

// A static page: the islands entry runs it, not React Router (decision 030).
export const handle = { islands: true };

export function loader({ params }: Route.LoaderArgs) {
  const found = articleWithNeighbours(params.slug);
  if (!found) throw data(null, { status: 404 });
  return found;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Page not found" }];
  const { article } = loaderData;
  const path = `/Blog/${article.slug}`;
  return pageMeta(path, article.title, article.summary, {
    article: { published: article.date, author: article.author, tags: article.tags },
    trail: [
      ["Home", "/"],
      ["Blogs", "/Blog"],
      [article.title, path],
    ],
    jsonLd: [
      {
        "@type": "BlogPosting",
        headline: article.title,
        description: article.summary,
        datePublished: article.date,
        dateModified: article.date,
        author: { "@type": "Organization", name: article.author },
        publisher: { "@type": "Organization", name: site.name, logo: { "@type": "ImageObject", url: `${site.origin}/apple-touch-icon.png` } },
        image: `${site.origin}${shareImagePath(path)}`,
        url: `${site.origin}${path}`,
        mainEntityOfPage: `${site.origin}${path}`,
        keywords: article.tags.join(", "),
        wordCount: article.words,
      },
    ],
  });
}

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { article, newer, older } = loaderData;
  return (
    <article>
      <header className="bg-gradient-to-b from-slate-950 to-sky-950 px-4 py-12 text-white">
        <div className="mx-auto max-w-3xl">
          <nav aria-label="Breadcrumb" className="text-sm text-sky-200">
            <Link className="underline" to="/Blog">
              Blogs
            </Link>{" "}
            / <span aria-current="page">{article.title}</span>
          </nav>
          <h1 className="mt-3 text-3xl font-bold sm:text-4xl">{article.title}</h1>
          <p className="mt-4 text-lg text-slate-200">{article.summary}</p>
          <ArticleByline article={article} className="mt-4 text-sm text-sky-100" />
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 py-10">
        <img className="aspect-[1200/630] w-full rounded-xl" src={blogCoverPath(article.cover)} width={1200} height={630} alt="" />
        <div className="article-body mt-8" dangerouslySetInnerHTML={{ __html: article.html }} />
        <ul className="mt-10 flex flex-wrap gap-2" aria-label="Tags">
          {article.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-sky-50 px-3 py-1 text-sm text-sky-900">
              #{tag}
            </li>
          ))}
        </ul>
        <nav aria-label="More articles" className="mt-10 grid gap-4 border-t border-slate-200 pt-6 sm:grid-cols-2">
          {older ? (
            <Link className="rounded-xl border border-slate-200 p-4 hover:border-sky-700" to={`/Blog/${older.slug}`} rel="prev">
              <span className="block text-sm text-slate-700">Previous article</span>
              <span className="font-semibold text-sky-800">{older.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {newer ? (
            <Link className="rounded-xl border border-slate-200 p-4 text-right hover:border-sky-700" to={`/Blog/${newer.slug}`} rel="next">
              <span className="block text-sm text-slate-700">Next article</span>
              <span className="font-semibold text-sky-800">{newer.title}</span>
            </Link>
          ) : null}
        </nav>
      </div>
    </article>
  );
}
