import { useRef } from "react";
import { Link } from "react-router";
import { choice } from "../../components/behaviours/choice";
import { PageHero } from "../../components/page-hero";
import { pageMeta } from "../../components/page-meta";
import { ProductIcon } from "../../components/product-icon";
import { useBehaviour } from "../../lib/use-behaviour";

// A static page: the islands entry runs it, not React Router (decision 030).
export const handle = { islands: true };

export function meta() {
  return pageMeta("/Projects", "Our Products", "Our open source projects and education products: TubeLearns and the CAMPUS academic platform.");
}

const cards = {
  open: { icon: "tubelearns", name: "TubeLearns", path: "/products/opensource/tubelearns", text: "A Python module that extracts and cleans YouTube video transcripts and turns them into NLP datasets." },
  edu: { icon: "campus", name: "CAMPUS", path: "/products/educational/campus", text: "An academic management platform for universities and schools, with real-time student information." },
} as const;

/** Nothing is shown until a category is chosen (empty, then 'open' or 'edu'). */
export default function Projects() {
  const ref = useRef<HTMLDivElement>(null);
  useBehaviour(ref, choice);
  return (
    <>
      <PageHero title="Our Products" />
      <div ref={ref} data-behaviour="choice" className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-12 md:flex-row">
        <nav aria-label="Our Products" className="md:w-60">
          <h2 className="text-lg font-bold">Our Products</h2>
          <ul className="mt-3 flex gap-2 md:flex-col">
            {(["open", "edu"] as const).map((id) => (
              <li key={id} className="js-only">
                <button type="button" aria-pressed={false} data-choose={id} className="rounded-lg px-4 py-2 text-left font-medium aria-pressed:bg-sky-700 aria-pressed:text-white aria-[pressed=false]:bg-slate-100 aria-[pressed=false]:hover:bg-slate-200">
                  {id === "open" ? "Open Source projects" : "Education"}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex-1" aria-live="polite">
          {/* Both cards are in the HTML, hidden until chosen: without JavaScript the <noscript> style of
              the root layout shows both, since the buttons cannot choose. */}
          {(["open", "edu"] as const).map((id) => (
            <article key={id} data-choice={id} className="hidden no-js-shown mb-4 gap-4 rounded-xl border border-slate-200 p-6">
              <ProductIcon name={cards[id].icon} className="h-14 w-14 shrink-0" />
              <div>
                <h2 className="text-xl font-bold">{cards[id].name}</h2>
                <p className="mt-2 text-slate-700">{cards[id].text}</p>
                <Link to={cards[id].path} className="mt-3 inline-block font-semibold text-sky-800 underline">Read more about {cards[id].name}</Link>
              </div>
            </article>
          ))}
          <p data-choice-hint="" className="js-only text-slate-600">Choose a category to see its products.</p>
        </div>
      </div>
    </>
  );
}
