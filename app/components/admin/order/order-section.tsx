/** One titled block of the order page. */
export function OrderSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded border border-slate-300 bg-white p-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/** Label/value pairs that wrap to one column on a phone. */
export function Facts({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The answer to the form just sent, where that form is; announced politely or as an alert. */
export function ActionMessage({ result, intent }: { result?: { intent?: string; ok: boolean; message: string }; intent: string }) {
  if (!result || result.intent !== intent) return null;
  return (
    <p role={result.ok ? "status" : "alert"} className={`mt-2 text-sm ${result.ok ? "text-green-800" : "text-red-700"}`}>
      {result.message}
    </p>
  );
}
