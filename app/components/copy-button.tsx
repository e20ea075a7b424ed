import { useEffect, useState } from "react";

/** Copies a command; shows 'Copied!' for 2000 ms (SPEC.md section 9). */
export function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      // Clipboard access can be refused; the command stays selectable on the page either way.
      onClick={() =>
        void Promise.resolve(navigator.clipboard?.writeText(text))
          .catch(() => undefined)
          .finally(() => setCopied(true))
      }
      className="rounded bg-slate-700 px-3 py-1 text-xs font-semibold text-white hover:bg-slate-600"
      aria-live="polite"
    >
      {copied ? "Copied!" : "Copy"}
    </button>
  );
}
