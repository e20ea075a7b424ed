import { useState } from "react";
import { ORG_TYPES } from "../../contract/contact-messages";
import { useContactSubmit } from "./contact-submit";
import { fieldClass } from "./form-styles";
import { Honeypot } from "./honeypot";

const labels: Record<(typeof ORG_TYPES)[number], string> = {
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
        {busy ? "Submitting..." : "Submit"}
      </button>
    </form>
  );
}
