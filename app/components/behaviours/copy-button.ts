import type { Behaviour } from "../../lib/use-behaviour";
import { listeners } from "./listen";

/** Copies the button's `data-copy` text; says 'Copied!' for 2000 ms, long enough to read. */
export const copyButton: Behaviour = (button) => {
  const { on, off } = listeners();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const say = (text: string) => {
    if (button.firstChild) button.firstChild.nodeValue = text;
  };
  on(button, "click", () => {
    // Clipboard access can be refused; the command stays selectable on the page either way.
    void Promise.resolve(navigator.clipboard?.writeText(button.dataset.copy ?? ""))
      .catch(() => undefined)
      .finally(() => {
        say("Copied!");
        clearTimeout(timer);
        timer = setTimeout(() => say("Copy"), 2000);
      });
  });
  return () => {
    clearTimeout(timer);
    off();
  };
};
