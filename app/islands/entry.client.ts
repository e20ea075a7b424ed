import { buyBox } from "../components/behaviours/buy-box";
import { campusDocs } from "../components/behaviours/campus-docs";
import { choice } from "../components/behaviours/choice";
import { copyButton } from "../components/behaviours/copy-button";
import { disclosure } from "../components/behaviours/disclosure";
import { scrollToTop } from "../components/behaviours/scroll-to-top";
import { siteHeader } from "../components/behaviours/site-header";
import type { Behaviour } from "../lib/use-behaviour";

// The whole script of a static public page (decision 030): no React Router and no React until a
// contact form is used. Each `data-behaviour` element gets the behaviour its component attaches
// from an effect where React runs the page; links are ordinary page loads.
const behaviours: Record<string, Behaviour> = {
  "site-header": siteHeader,
  "scroll-to-top": scrollToTop,
  "copy-button": copyButton,
  "campus-docs": campusDocs,
  "buy-box": buyBox,
  choice,
  disclosure,
};

for (const element of document.querySelectorAll<HTMLElement>("[data-behaviour]")) behaviours[element.dataset.behaviour ?? ""]?.(element);
for (const wrapper of document.querySelectorAll<HTMLElement>('[data-island="contact-form"]')) hydrateOnUse(wrapper);
// End-to-end tests and the bench wait for this, as on pages React hydrates (app/root.tsx).
document.documentElement.dataset.hydrated = "true";

/**
 * React and the form's code (about 60 KB gzip) load when the visitor first points at, touches or
 * focuses the form, so they are not part of loading the page. A submit before React has taken over
 * waits for it and is then sent again the way React sends it; should the code fail to load, the
 * form posts as it does without JavaScript.
 */
function hydrateOnUse(wrapper: HTMLElement) {
  let hydrating: Promise<void> | undefined;
  let ready = false;
  const start = () =>
    (hydrating ??= import("./contact-form.client")
      .then(({ hydrateContactForm }) => hydrateContactForm(wrapper))
      .then(() => {
        ready = true;
      }));
  for (const type of ["pointerover", "pointerdown", "touchstart", "focusin"]) {
    wrapper.addEventListener(type, () => void start().catch(() => undefined), { once: true, passive: true });
  }
  wrapper.addEventListener(
    "submit",
    (event) => {
      if (ready) return;
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      const submitter = (event as SubmitEvent).submitter;
      start().then(
        () => form.requestSubmit(submitter),
        () => form.submit(),
      );
    },
    { capture: true },
  );
}
