import { useRef } from "react";
import { useBehaviour } from "../lib/use-behaviour";
import { scrollToTop } from "./behaviours/scroll-to-top";

/** Hidden until the page is scrolled past 300 px, then fades in over 0.8 s (behaviours/scroll-to-top.ts). */
export function ScrollToTop() {
  const ref = useRef<HTMLButtonElement>(null);
  useBehaviour(ref, scrollToTop);
  return (
    <button
      ref={ref}
      type="button"
      aria-label="Scroll to top"
      hidden
      data-behaviour="scroll-to-top"
      className="fixed right-5 bottom-5 z-30 rounded-full bg-sky-700 p-3 text-white shadow-lg hover:bg-sky-800 animate-[fade-in_0.8s_ease-in]"
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
        <path d="M12 19V5m-6 6 6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
