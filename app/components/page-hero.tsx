/** The heading block every inner page starts with. */
export function PageHero({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: React.ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-slate-950 to-sky-950 px-4 py-14 text-white">
      <div className="mx-auto max-w-5xl">
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-sky-300 uppercase">{eyebrow}</p> : null}
        <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{title}</h1>
        {children ? <div className="mt-4 max-w-3xl text-lg text-slate-200">{children}</div> : null}
      </div>
    </section>
  );
}

export function Prose({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto max-w-5xl space-y-6 px-4 py-12 leading-relaxed text-slate-800">{children}</div>;
}

/** A card grid; `level` keeps the heading order right (h2 when the page has no section heading above). */
export function FeatureList({ items, level = 3 }: { items: [string, string][]; level?: 2 | 3 }) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {items.map(([title, text]) => (
        <li key={title} className="rounded-xl border border-slate-200 p-5">
          <Heading className="font-semibold text-slate-900">{title}</Heading>
          <p className="mt-1 text-sm text-slate-700">{text}</p>
        </li>
      ))}
    </ul>
  );
}
