import { BlogArt } from "../../components/blog-art";
import { PageHero } from "../../components/page-hero";
import { pageMeta } from "../../components/page-meta";
import { blogCards } from "../../content/blog";

export function meta() {
  return pageMeta("/Blog", "Blogs", "Articles on AI learning platforms, speech-to-slides, internships, ecommerce, UI/UX, backend, front-end and cross-platform development.");
}

export default function Blog() {
  return (
    <>
      <PageHero title="Blogs">Notes from our engineers on the products we build and the projects we ship.</PageHero>
      <ul className="mx-auto grid max-w-6xl gap-6 px-4 py-12 sm:grid-cols-2 lg:grid-cols-3">
        {blogCards.map((card) => (
          <li key={card.title} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            <BlogArt kind={card.image} />
            <div className="flex flex-1 flex-col p-5">
              <p className="text-xs font-semibold text-sky-800 uppercase">Article</p>
              <h2 className="mt-1 text-lg font-semibold">{card.title}</h2>
              <p className="mt-2 flex-1 text-sm text-slate-700">{card.content}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
