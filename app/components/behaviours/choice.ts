import type { Behaviour } from "../../lib/use-behaviour";
import { listeners, swapClasses } from "./listen";

/**
 * Buttons `data-choose="<id>"` show the one `data-choice="<id>"` panel and hide the others, and
 * the hint `data-choice-hint` goes once something is chosen (the /Projects categories).
 */
export const choice: Behaviour = (root) => {
  const { on, off } = listeners();
  const buttons = [...root.querySelectorAll<HTMLElement>("[data-choose]")];
  const panels = [...root.querySelectorAll<HTMLElement>("[data-choice]")];
  for (const button of buttons) {
    on(button, "click", () => {
      for (const other of buttons) other.setAttribute("aria-pressed", String(other === button));
      for (const panel of panels) swapClasses(panel, panel.dataset.choice === button.dataset.choose, "flex", "hidden");
      root.querySelector<HTMLElement>("[data-choice-hint]")?.setAttribute("hidden", "");
    });
  }
  return off;
};
