import type { ContactFormKind } from "../../contract/contact-messages";
import { ContactFormOf } from "./contact-form";

/**
 * A contact form inside the element that static pages hydrate on its own, with React, when the
 * visitor first uses the form (app/islands/contact-form.client.tsx, decision 030). Where React
 * Router runs the page this is a plain wrapper.
 */
export function ContactFormIsland({ form }: { form: ContactFormKind }) {
  return (
    <div data-island="contact-form" data-form={form}>
      <ContactFormOf kind={form} />
    </div>
  );
}
