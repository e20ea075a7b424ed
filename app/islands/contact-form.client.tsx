import { useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { ContactFormOf } from "../components/contact-form";
import { Toasts } from "../components/toasts";

/**
 * Hydrates one contact form (components/contact-form-island.tsx) with React, and its toaster beside
 * it; resolves once React has taken the form over. A choice made in a <select> before that (the
 * CAMPUS organisation type) is given back to React as a change, since React sets a controlled
 * select to its state when it hydrates.
 */
export function hydrateContactForm(wrapper: HTMLElement): Promise<void> {
  const selects = [...wrapper.querySelectorAll("select")].map((select) => ({ select, value: select.value }));
  const kind = wrapper.dataset.form === "campus" ? "campus" : "general";
  return new Promise((resolve) => {
    function Island() {
      useEffect(() => {
        for (const { select, value } of selects) {
          const initial = [...select.options].find((o) => o.defaultSelected)?.value ?? "";
          if (value === initial) continue;
          select.value = value;
          select.dispatchEvent(new Event("change", { bubbles: true }));
        }
        resolve();
      }, []);
      return (
        <>
          <ContactFormOf kind={kind} />
          <Toasts />
        </>
      );
    }
    hydrateRoot(wrapper, <Island />);
  });
}
