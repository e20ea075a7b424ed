import { useState } from "react";
import toast from "react-hot-toast";
import { CONTACT_MESSAGES } from "../../contract/contact-messages";
import { Honeypot } from "./honeypot";
import { fieldClass, postContact } from "./post-contact";

/** The home form. Without JavaScript it posts to /contact/sent and lands on a result page. */
export function HomeContactForm() {
  const [busy, setBusy] = useState(false);
  return (
    <form
      method="post"
      action="/contact/sent?form=general"
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        setBusy(true);
        const ok = await postContact(form);
        setBusy(false);
        if (ok) {
          toast.success(CONTACT_MESSAGES.generalSuccess);
          form.reset();
        } else {
          toast.error(CONTACT_MESSAGES.generalFailure);
        }
      }}
    >
      <label className="block text-sm font-medium">
        Your name
        <input className={fieldClass} name="name" type="text" autoComplete="name" required />
      </label>
      <label className="block text-sm font-medium">
        E-mail address
        <input className={fieldClass} name="email" type="email" autoComplete="email" required />
      </label>
      <label className="block text-sm font-medium">
        Message
        <textarea className={fieldClass} name="message" rows={10} required />
      </label>
      <Honeypot />
      <button type="submit" disabled={busy} className="rounded-lg bg-sky-700 px-5 py-2.5 font-semibold text-white hover:bg-sky-800 disabled:opacity-60">
        {busy ? "Sending..." : "Send message"}
      </button>
    </form>
  );
}
