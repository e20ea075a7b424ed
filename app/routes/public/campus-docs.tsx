import { useRef } from "react";
import { campusDocs as docsBehaviour } from "../../components/behaviours/campus-docs";
import { DocsSidebar } from "../../components/docs-sidebar";
import { pageMeta } from "../../components/page-meta";
import { ScreenIllustration, VideoPoster } from "../../components/video-poster";
import { campusDocs } from "../../content/campus-docs";
import { useBehaviour } from "../../lib/use-behaviour";
import { site } from "../../site";

// A static page: the islands entry runs it, not React Router (decision 030).
export const handle = { islands: true };

export function meta() {
  return pageMeta("/products/educational/campus/docs", "CAMPUS documentation", "How each CAMPUS role works: administrator, principal, HOD, staff, student, parent, warden and supervisor.", { trail: [["Home", "/"], ["Products", "/Projects"], ["CAMPUS", "/products/educational/campus"], ["Documentation", "/products/educational/campus/docs"]] });
}

/**
 * Fixed sidebar on wide screens; on phones a top-bar button opens and closes it. Every entry's
 * section is in the page, hidden until chosen (behaviours/campus-docs.ts).
 */
export default function CampusDocs() {
  const ref = useRef<HTMLDivElement>(null);
  // The build prerenders with the example facts, which name no videos.
  const videos: Record<string, string> = site.campusVideos ?? {};
  useBehaviour(ref, docsBehaviour);
  return (
    <div ref={ref} data-behaviour="campus-docs" className="relative md:flex md:min-h-[calc(100vh-4rem)]">
      <div className="flex items-center justify-between bg-blue-950 px-4 py-2 text-white md:hidden">
        <span className="font-bold">CAMPUS docs</span>
        <button type="button" aria-expanded={false} aria-controls="docs-sidebar" className="rounded border border-blue-300 px-3 py-1">
          Open roles menu
        </button>
      </div>
      <aside id="docs-sidebar" className="hidden bg-blue-950 text-white md:sticky md:top-16 md:block md:h-[calc(100vh-4rem)] md:w-72 md:shrink-0">
        <DocsSidebar groups={campusDocs} />
      </aside>
      <div className="flex-1 px-4 py-8 md:px-10">
        <section data-docs-section="" className="max-w-3xl space-y-4">
          <h1 className="text-3xl font-bold">CAMPUS documentation</h1>
          <p className="text-lg text-slate-700">Choose a role in the menu, then one of its screens, to see an overview video and what the screen does.</p>
        </section>
        {campusDocs.flatMap((group) =>
          group.entries.map((entry) => (
            <section key={entry.id} data-docs-section={entry.id} hidden aria-labelledby={`docs-title-${entry.id}`} className="max-w-3xl space-y-6">
              <p className="text-sm font-semibold text-sky-800 uppercase">Overview</p>
              <h1 id={`docs-title-${entry.id}`} className="text-3xl font-bold">{entry.label}</h1>
              {videos[entry.id] ? (
                <VideoPoster videoId={videos[entry.id]} title={`CAMPUS: ${entry.label}`} />
              ) : (
                <ScreenIllustration />
              )}
              <p className="text-lg leading-relaxed text-slate-800">{entry.description}</p>
            </section>
          )),
        )}
        {/* Without JavaScript the sidebar is hidden (root layout); every role opens as a <details>. */}
        <noscript>
          <div className="mt-8 max-w-3xl space-y-3">
            {campusDocs.map((group) => (
              <details key={group.id} className="rounded-lg border border-slate-200 p-4">
                <summary className="cursor-pointer text-xl font-semibold">{group.label}</summary>
                {group.entries.map((e) => (
                  <section key={e.id} className="mt-4">
                    <h2 className="text-lg font-semibold">{e.label}</h2>
                    <p className="mt-1 text-slate-800">{e.description}</p>
                  </section>
                ))}
              </details>
            ))}
          </div>
        </noscript>
      </div>
    </div>
  );
}
