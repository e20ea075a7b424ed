import { useEffect, useState } from "react";

/** Hidden until the page is scrolled past 300 px, then fades in over 0.8 s (SPEC.md section 9). */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 300);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      hidden={!visible}
      onClick={(event) => {
        // Hiding a focused button mid-way cancels Chrome's smooth scroll, so let go of focus first.
        event.currentTarget.blur();
        // A smooth scroll requested from script ignores the CSS reduced-motion rule: ask the media query.
        const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
      }}
      className="fixed right-5 bottom-5 z-30 rounded-full bg-sky-700 p-3 text-white shadow-lg hover:bg-sky-800 animate-[fade-in_0.8s_ease-in]"
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
        <path d="M12 19V5m-6 6 6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
