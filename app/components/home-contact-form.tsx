import { useContactSubmit } from "./contact-submit";
import { fieldClass } from "./form-styles";
import { Honeypot } from "./honeypot";

/** The home form. Without JavaScript it posts to /contact/sent and lands on a result page. */
export function HomeContactForm() {
  const { busy, onSubmit, onFocus } = useContactSubmit("general");
  return (
    <form method="post" action="/contact/sent?form=general" className="space-y-4" onSubmit={onSubmit} onFocus={onFocus}>
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
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg bg-sky-700 px-5 py-2.5 font-semibold text-white hover:bg-sky-800 disabled:opacity-60"
      >
        {busy ? "Sending..." : "Send message"}
      </button>
    </form>
  );
}
