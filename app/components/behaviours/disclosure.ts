import type { Behaviour } from "../../lib/use-behaviour";
import { listeners, swapClasses } from "./listen";

/**
 * A button (`aria-controls`) that shows and hides a list on small screens by swapping the list's
 * `hidden` class for its `data-open-class`; a link chosen in the list closes it (the CAMPUS bar).
 */
export const disclosure: Behaviour = (root) => {
  const { on, off } = listeners();
  const button = root.querySelector<HTMLButtonElement>("button[aria-controls]");
  const target = button && root.querySelector<HTMLElement>(`#${button.getAttribute("aria-controls")}`);
  if (!button || !target) return off;
  const set = (open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    swapClasses(target, open, target.dataset.openClass ?? "block", "hidden");
  };
  on(button, "click", () => set(button.getAttribute("aria-expanded") !== "true"));
  on(target, "click", (event) => {
    if ((event.target as Element).closest("a")) set(false);
  });
  return off;
};
