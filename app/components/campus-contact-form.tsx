import { useState, useSyncExternalStore } from "react";
import { ORG_TYPES } from "../../contract/contact-messages";
import { useContactSubmit } from "./contact-submit";
import { fieldClass } from "./form-styles";
import { Honeypot } from "./honeypot";

const noop = () => () => undefined;
const labels: Record<(typeof ORG_TYPES)[number], string> = { institution: "Institution", university: "University", school: "School", others: "Others" };

/**
 * The CAMPUS 'Make a Request' form. Choosing 'others' swaps the optional organisation name for a
 * required type field; without JavaScript both fields show and the server applies the rule.
 */
export function CampusContactForm() {
  // false in the server HTML (and so without JavaScript), true once React runs in the browser.
  const hydrated = useSyncExternalStore(noop, () => true, () => false);
  const [orgType, setOrgType] = useState("");
  const { busy, onSubmit, onFocus } = useContactSubmit("campus", () => setOrgType(""));
  const others = orgType === "others";
  return (
    <form method="post" action="/contact/sent?form=campus" className="space-y-4" onSubmit={onSubmit} onFocus={onFocus}>
      <div className="h-1 overflow-hidden rounded bg-slate-200" aria-hidden="true">
        <div className="h-full bg-sky-600 transition-[width]" style={{ width: busy ? "100%" : "0%" }} />
      </div>
      <label className="block text-sm font-medium">
        Full name
        <input className={fieldClass} name="name" type="text" autoComplete="name" required />
      </label>
      <label className="block text-sm font-medium">
        E-mail address
        <input className={fieldClass} name="email" type="email" autoComplete="email" required />
      </label>
      <label className="block text-sm font-medium">
        Organisation type
        <select className={fieldClass} name="orgType" required value={orgType} onChange={(e) => setOrgType(e.target.value)}>
          <option value="" disabled>
            Select organisation type
          </option>
          {ORG_TYPES.map((type) => (
            <option key={type} value={type}>
              {labels[type]}
            </option>
          ))}
        </select>
      </label>
      {!hydrated || !others ? (
        <label className="block text-sm font-medium">
          Organisation name (optional)
          <input className={fieldClass} name="orgName" type="text" autoComplete="organization" />
        </label>
      ) : null}
      {!hydrated || others ? (
        <label className="block text-sm font-medium">
          {hydrated ? "Specify the type of organisation" : "Type of organisation (required when you chose Others)"}
          <input className={fieldClass} name="otherType" type="text" required={hydrated} />
        </label>
      ) : null}
      <label className="block text-sm font-medium">
        Message
        <textarea className={fieldClass} name="message" rows={10} required />
      </label>
      <Honeypot />
      <button type="submit" disabled={busy} className="rounded-lg bg-sky-700 px-5 py-2.5 font-semibold text-white hover:bg-sky-800 disabled:opacity-60">
        {busy ? "Submitting..." : "Submit"}
      </button>
    </form>
  );
}
