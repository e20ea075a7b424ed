/** Dates and links block of a project article; a link this deployment did not configure is left out. */
export function ArticleFacts({ start, end, links: all }: { start: string; end: string; links: [string, string | undefined][] }) {
  const links = all.filter((link): link is [string, string] => Boolean(link[1]));
  return (
    <section className="rounded-xl bg-slate-50 p-6">
      <h2 className="text-xl font-bold">Project details</h2>
      <dl className="mt-3 grid gap-2 sm:grid-cols-2">
        <div>
          <dt className="font-semibold">Start date</dt>
          <dd>{start}</dd>
        </div>
        <div>
          <dt className="font-semibold">End date</dt>
          <dd>{end}</dd>
        </div>
      </dl>
      {links.length > 0 ? (
        <ul className="mt-4 flex flex-wrap gap-3">
          {links.map(([label, href]) => (
            <li key={href}>
              <a className="inline-block rounded-lg bg-sky-700 px-4 py-2 font-semibold text-white hover:bg-sky-800" href={href}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
