/**
 * The signed-out admin pages (login's siblings: forgot password, reset, invitation): one narrow
 * card centred on a grey page, with its title as the page's only h1.
 */
export function AuthCard({ title, titleId, children }: { title: string; titleId: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-8">
      <title>{`${title} | Admin`}</title>
      <meta name="robots" content="noindex" />
      <section aria-labelledby={titleId} className="w-full max-w-sm rounded-lg bg-white p-6 shadow">
        <h1 id={titleId} className="text-2xl font-bold">
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}

/** A result or failure line read out when it appears (polite), an error as an alert. */
export function Notice({ notice }: { notice: { kind: "error" | "success"; text: string } | null }) {
  return (
    <div aria-live="polite" className="min-h-6">
      {notice ? (
        <p
          role={notice.kind === "error" ? "alert" : "status"}
          className={`mt-4 text-sm ${notice.kind === "error" ? "text-red-700" : "text-green-800"}`}
        >
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}

export const authButtonClass =
  "mt-4 w-full rounded bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:cursor-not-allowed disabled:opacity-60";
