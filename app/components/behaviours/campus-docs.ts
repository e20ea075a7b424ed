import type { Behaviour } from "../../lib/use-behaviour";
import { listeners, swapClasses } from "./listen";
import { playVideo, stopVideos } from "./video-poster";

/**
 * The CAMPUS documentation (routes/public/campus-docs.tsx): on phones the top-bar button opens and
 * closes the sidebar; each role group opens and closes; choosing an entry shows its section (every
 * section is in the page, hidden) and closes the phone sidebar; a video poster starts its player.
 */
export const campusDocs: Behaviour = (root) => {
  const { on, off } = listeners();
  const sidebar = root.querySelector<HTMLElement>("#docs-sidebar");
  const sidebarButton = root.querySelector<HTMLButtonElement>('[aria-controls="docs-sidebar"]');
  const setSidebar = (open: boolean) => {
    if (!sidebar || !sidebarButton) return;
    sidebarButton.setAttribute("aria-expanded", String(open));
    if (sidebarButton.firstChild) sidebarButton.firstChild.nodeValue = open ? "Close roles menu" : "Open roles menu";
    swapClasses(sidebar, open, "block", "hidden");
  };
  if (sidebarButton) on(sidebarButton, "click", () => setSidebar(sidebarButton.getAttribute("aria-expanded") !== "true"));

  for (const group of root.querySelectorAll<HTMLButtonElement>("[data-docs-group]")) {
    on(group, "click", () => {
      const open = group.getAttribute("aria-expanded") !== "true";
      group.setAttribute("aria-expanded", String(open));
      const list = root.querySelector<HTMLElement>(`#${group.getAttribute("aria-controls")}`);
      if (list) list.hidden = !open;
    });
  }

  const entries = [...root.querySelectorAll<HTMLButtonElement>("[data-entry]")];
  const sections = [...root.querySelectorAll<HTMLElement>("[data-docs-section]")];
  for (const entry of entries) {
    on(entry, "click", () => {
      for (const other of entries) {
        if (other.dataset.entry === entry.dataset.entry) other.setAttribute("aria-current", "true");
        else other.removeAttribute("aria-current");
      }
      for (const section of sections) {
        const shown = section.dataset.docsSection === entry.dataset.entry;
        if (!shown && !section.hidden) stopVideos(section);
        section.hidden = !shown;
      }
      setSidebar(false);
    });
  }
  on(root, "click", (event) => {
    const poster = (event.target as Element).closest<HTMLElement>("[data-video-id]");
    if (poster) playVideo(poster);
  });
  return off;
};
