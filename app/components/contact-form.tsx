import { type FormEvent, type ReactNode, useState } from "react";
import { type ContactFormKind, ORG_TYPES } from "../../contract/contact-messages";
import { fieldClass } from "./form-styles";
import { Honeypot } from "./honeypot";

// The sending code (fetch, wording, toasts) is its own chunk: pages load without it.
const loadSender = () => import("./post-contact");

/**
 * Submit handling: posts as JSON and toasts the outcome in the form's wording; the form is cleared
 * only when the message was accepted. Should the sending code fail to load, the form falls back to
 * its plain POST, the path used without JavaScript.
 */
function useContactSubmit(kind: ContactFormKind, onSent?: () => void) {
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    let sender: Awaited<ReturnType<typeof loadSender>>;
    try {
      sender = await loadSender();
    } catch {
      form.submit();
      return;
    }
    const ok = await sender.sendContact(form, kind);
    setBusy(false);
    if (ok) {
      form.reset();
      onSent?.();
    }
  };
  // Fetched while the visitor types, so the click does not wait for it.
  const onFocus = () => void loadSender().catch(() => undefined);
  return { busy, onSubmit, onFocus };
}

/**
 * One contact form: name, e-mail, the form's own fields, message, the honeypot and the button. With
 * JavaScript it posts as JSON (post-contact.ts) and toasts; without, it posts to /contact/sent and
 * lands on a result page. The forms differ only in these props.
 */
export function ContactForm({
  kind,
  nameLabel,
  submitLabel,
  sendingLabel,
  progress = false,
  onSent,
  children,
}: {
  kind: ContactFormKind;
  nameLabel: string;
  submitLabel: string;
  sendingLabel: string;
  /** A thin bar at the top that fills while the message is sent. */
  progress?: boolean;
  /** Called once the message was accepted and the form cleared (to clear the form's own state). */
  onSent?: () => void;
  /** The form's own fields, between the e-mail address and the message. */
  children?: ReactNode;
}) {
  const { busy, onSubmit, onFocus } = useContactSubmit(kind, onSent);
  return (
    <form method="post" action={`/contact/sent?form=${kind}`} className="space-y-4" onSubmit={onSubmit} onFocus={onFocus}>
      {progress ? (
        <div className="h-1 overflow-hidden rounded bg-slate-200" aria-hidden="true">
          <div className="h-full bg-sky-600 transition-[width]" style={{ width: busy ? "100%" : "0%" }} />
        </div>
      ) : null}
      <label className="block text-sm font-medium">
        {nameLabel}
        <input className={fieldClass} name="name" type="text" autoComplete="name" required />
      </label>
      <label className="block text-sm font-medium">
        E-mail address
        <input className={fieldClass} name="email" type="email" autoComplete="email" required />
      </label>
      {children}
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
        {busy ? sendingLabel : submitLabel}
      </button>
    </form>
  );
}

/** The home page's form. */
export function HomeContactForm() {
  return <ContactForm kind="general" nameLabel="Your name" submitLabel="Send message" sendingLabel="Sending..." />;
}

const orgLabels: Record<(typeof ORG_TYPES)[number], string> = {
  institution: "Institution",
  university: "University",
  school: "School",
  others: "Others",
};

/**
 * The CAMPUS 'Make a Request' form. Choosing 'others' swaps the optional organisation name for a
 * required type field; without JavaScript both fields show and the server applies the rule. The
 * JavaScript-less type field sits in <noscript>, so a browser running scripts never lays it out
 * and hydration moves nothing (laid out, it shifts the layout by 0.019 in Lighthouse).
 */
export function CampusContactForm() {
  const [orgType, setOrgType] = useState("");
  const others = orgType === "others";
  return (
    <ContactForm
      kind="campus"
      nameLabel="Full name"
      submitLabel="Submit"
      sendingLabel="Submitting..."
      progress
      onSent={() => setOrgType("")}
    >
      <label className="block text-sm font-medium">
        Organisation type
        <select className={fieldClass} name="orgType" required value={orgType} onChange={(e) => setOrgType(e.target.value)}>
          <option value="" disabled>
            Select organisation type
          </option>
          {ORG_TYPES.map((type) => (
            <option key={type} value={type}>
              {orgLabels[type]}
            </option>
          ))}
        </select>
      </label>
      {others ? null : (
        <label className="block text-sm font-medium">
          Organisation name (optional)
          <input className={fieldClass} name="orgName" type="text" autoComplete="organization" />
        </label>
      )}
      {others ? (
        <label className="block text-sm font-medium">
          Specify the type of organisation
          <input className={fieldClass} name="otherType" type="text" required />
        </label>
      ) : (
        <noscript className="block">
          <label className="block text-sm font-medium">
            Type of organisation (required when you chose Others)
            <input className={fieldClass} name="otherType" type="text" />
          </label>
        </noscript>
      )}
    </ContactForm>
  );
}

/** The form of `kind`. */
export function ContactFormOf({ kind }: { kind: ContactFormKind }) {
  return kind === "campus" ? <CampusContactForm /> : <HomeContactForm />;
}
