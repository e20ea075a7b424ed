import { useRef } from "react";
import { useBehaviour } from "../lib/use-behaviour";
import { copyButton } from "./behaviours/copy-button";

/** Copies a command; shows 'Copied!' for 2000 ms (behaviours/copy-button.ts). */
export function CopyButton({ text }: { text: string }) {
  const ref = useRef<HTMLButtonElement>(null);
  useBehaviour(ref, copyButton);
  return (
    <button
      ref={ref}
      type="button"
      data-behaviour="copy-button"
      data-copy={text}
      className="rounded bg-slate-700 px-3 py-1 text-xs font-semibold text-white hover:bg-slate-600"
      aria-live="polite"
    >
      Copy
    </button>
  );
}
