import type { Behaviour } from "../../lib/use-behaviour";
import { listeners, swapClasses } from "./listen";

/** The phone menu button's icon: three bars closed, a cross open. */
export const MENU_ICON = { closed: "M4 7h16M4 12h16M4 17h16", open: "M6 6l12 12M18 6 6 18" };

/**
 * The public header (components/site-header.tsx): the phone menu button, the Products mega-menu
 * (hover opens it for a mouse, the button for keyboard, touch and screen readers; Escape closes it
 * and returns focus to the button), and any link chosen in the header closes both.
 */
export const siteHeader: Behaviour = (root) => {
  const { on, off } = listeners();
  const toggle = root.querySelector<HTMLButtonElement>('[aria-controls="main-menu"]');
  const menu = root.querySelector("#main-menu");
  const setMenu = (open: boolean) => {
    if (!toggle || !menu) return;
    toggle.setAttribute("aria-expanded", String(open));
    const label = toggle.querySelector(".sr-only")?.firstChild;
    if (label) label.nodeValue = open ? "Close menu" : "Open menu";
    toggle.querySelector("path")?.setAttribute("d", open ? MENU_ICON.open : MENU_ICON.closed);
    swapClasses(menu, open, "flex", "hidden");
  };
  if (toggle) on(toggle, "click", () => setMenu(toggle.getAttribute("aria-expanded") !== "true"));
  const mega = root.querySelector<HTMLElement>("[data-mega]");
  const closeMega = mega ? megaMenu(mega, on) : () => undefined;
  // On pages React Router drives, a link navigates without reloading and the header stays.
  on(root, "click", (event) => {
    if ((event.target as Element).closest("a")) {
      setMenu(false);
      closeMega();
    }
  });
  return off;
};

function megaMenu(wrapper: HTMLElement, on: ReturnType<typeof listeners>["on"]): () => void {
  const button = wrapper.querySelector<HTMLButtonElement>("[data-mega-toggle]");
  const panel = wrapper.querySelector<HTMLElement>("[data-mega-panel]");
  if (!button || !panel) return () => undefined;
  // A mouse click right after hovering open must not toggle the menu shut again.
  let hoverOpened = false;
  const isOpen = () => button.getAttribute("aria-expanded") === "true";
  const set = (open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    panel.hidden = !open;
  };
  on(wrapper, "pointerenter", (event) => {
    if (event.pointerType !== "mouse" || isOpen()) return;
    hoverOpened = true;
    set(true);
  });
  on(wrapper, "pointerleave", (event) => {
    if (event.pointerType !== "mouse") return;
    hoverOpened = false;
    set(false);
  });
  on(wrapper, "keydown", (event) => {
    if (event.key === "Escape" && isOpen()) {
      event.stopPropagation();
      set(false);
      button.focus();
    }
  });
  on(button, "click", () => {
    if (hoverOpened) hoverOpened = false;
    else set(!isOpen());
  });
  const choices = [...wrapper.querySelectorAll<HTMLButtonElement>("[data-category]")];
  const lists = [...wrapper.querySelectorAll<HTMLElement>("[data-category-list]")];
  for (const choice of choices) {
    const choose = () => {
      for (const other of choices) other.setAttribute("aria-pressed", String(other === choice));
      for (const list of lists) list.hidden = list.dataset.categoryList !== choice.dataset.category;
    };
    on(choice, "click", choose);
    on(choice, "pointerenter", (event) => {
      if (event.pointerType === "mouse") choose();
    });
  }
  return () => set(false);
}
