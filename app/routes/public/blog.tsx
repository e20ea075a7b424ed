import { Link } from "react-router";
import { ArticleByline, blogCoverPath } from "../../components/article-byline";
import { PageHero } from "../../components/page-hero";
import { pageMeta } from "../../components/page-meta";
import { articleCards } from "../../content/blog-articles.server";
import type { Route } from "./+types/blog";

// A static page: the islands entry runs it, not React Router (decision 030).
export const handle = { islands: true };

export function loader() {
  return { cards: articleCards() };
}

export function meta() {
  return pageMeta(
    "/Blog",
    "Blogs",
    "Articles on AI learning platforms, speech-to-slides, internships, ecommerce, UI/UX, backend, front-end and cross-platform development.",
    { trail: [["Home", "/"], ["Blogs", "/Blog"]] },
  );
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title="Blogs">Notes from our engineers on the products we build and the projects we ship.</PageHero>
      <ul className="mx-auto grid max-w-6xl gap-6 px-4 py-12 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.cards.map((card, i) => (
          <li key={card.slug} className="relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm hover:border-sky-700">
            <img
              className="aspect-[1200/630] w-full"
              src={blogCoverPath(card.cover)}
              width={1200}
              height={630}
              alt=""
              loading={i < 3 ? "eager" : "lazy"}
              decoding="async"
            />
            <div className="flex flex-1 flex-col p-5">
              {/* Each card carries the 'Article' label, as on the original site. */}
              <p className="text-xs font-semibold text-sky-800">Article</p>
              <ArticleByline article={card} className="mt-1 text-xs text-slate-700" />
              <h2 className="mt-1 text-lg font-semibold">
                {/* The heading link covers the whole card (after:inset-0), so the card is one link. */}
                <Link to={`/Blog/${card.slug}`} className="after:absolute after:inset-0 hover:text-sky-800 focus-visible:outline-2 focus-visible:outline-sky-600">
                  {card.title}
                </Link>
              </h2>
              <p className="mt-2 flex-1 text-sm text-slate-700">{card.summary}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
