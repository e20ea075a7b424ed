/** A command or code listing; focusable so keyboard users can scroll a long line (axe: scrollable-region-focusable). */
export function CodeBlock({ children, label }: { children: string; label: string }) {
  return (
    <pre
      tabIndex={0}
      // A label needs a role on <pre> (W3C Nu checker); "group" names the listing without a landmark.
      role="group"
      aria-label={label}
      className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-sky-500"
    >
      <code>{children}</code>
    </pre>
  );
}
