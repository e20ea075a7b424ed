import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side navigation a screen reader hears nothing by itself: the new screen's heading
 * is announced (a polite live region) and focus moves to it, so keyboard users continue from the
 * content rather than from the link they pressed. The first page load is left alone.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const region = useRef<HTMLParagraphElement>(null);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // The screen renders its <h1> in the same commit as the location change.
    const heading = document.querySelector<HTMLElement>("main h1");
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: false });
    // Written straight into the live region: it is the announcement, not page state.
    if (region.current) region.current.textContent = heading.textContent ?? "";
  }, [pathname]);

  return <p ref={region} aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer" />;
}
