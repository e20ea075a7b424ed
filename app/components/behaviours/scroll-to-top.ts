import type { Behaviour } from "../../lib/use-behaviour";
import { listeners } from "./listen";

/** Hidden until the page is scrolled past 300 px, then fades in; a click scrolls up. */
export const scrollToTop: Behaviour = (button) => {
  const { on, off } = listeners();
  const update = () => {
    button.hidden = window.scrollY <= 300;
  };
  update();
  on(window, "scroll", update, { passive: true });
  on(button, "click", () => {
    // Hiding a focused button mid-way cancels Chrome's smooth scroll, so let go of focus first.
    button.blur();
    // A smooth scroll requested from script ignores the CSS reduced-motion rule: ask the media query.
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
  });
  return off;
};
