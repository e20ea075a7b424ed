import { useState } from "react";
import { GST_STATES } from "../../../contract/gst-states";
import { fieldClass } from "../form-styles";

export type BillingValues = { state_code: string; gstin: string; legal_name: string; address: string };

/** An error paragraph tied to its field by id. */
function ErrorText({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {text}
    </p>
  ) : null;
}

/**
 * The buyer's state (the place of supply on the tax invoice) and an optional business purchase:
 * GSTIN, legal name and address, printed on the invoice. Errors come keyed as the API names them
 * ("billing.gstin").
 */
export function BillingFields(props: { values: BillingValues; errors: Record<string, string>; onStateChange: (code: string) => void }) {
  const { values, errors } = props;
  const [business, setBusiness] = useState(Boolean(values.gstin || errors["billing.gstin"] || errors["billing.legal_name"]));
  const err = (name: string) => errors[`billing.${name}`];
  const input = (name: "gstin" | "legal_name" | "address", label: string, extra: React.InputHTMLAttributes<HTMLInputElement>) => (
    <div>
      <label htmlFor={`checkout-${name}`} className="block font-medium">
        {label}
      </label>
      <input
        id={`checkout-${name}`}
        name={name}
        defaultValue={values[name]}
        aria-invalid={err(name) ? true : undefined}
        aria-describedby={err(name) ? `${name}-error` : undefined}
        className={fieldClass}
        {...extra}
      />
      <ErrorText id={`${name}-error`} text={err(name)} />
    </div>
  );
  return (
    <>
      <div>
        <label htmlFor="checkout-state_code" className="block font-medium">
          Your state
        </label>
        <p id="state_code-hint" className="text-sm text-slate-600">
          The place of supply on your tax invoice.
        </p>
        <select
          id="checkout-state_code"
          name="state_code"
          defaultValue={values.state_code}
          onChange={(e) => props.onStateChange(e.target.value)}
          aria-invalid={err("state_code") ? true : undefined}
          aria-describedby={`state_code-hint${err("state_code") ? " state_code-error" : ""}`}
          className={fieldClass}
        >
          <option value="">Choose…</option>
          {GST_STATES.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </select>
        <ErrorText id="state_code-error" text={err("state_code")} />
      </div>
      <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 font-medium">
          <label className="flex items-center gap-2">
            <input type="checkbox" name="business" checked={business} onChange={(e) => setBusiness(e.target.checked)} />
            Business purchase (GST invoice with your GSTIN)
          </label>
        </legend>
        {business ? (
          <>
            {input("gstin", "GSTIN", { autoCapitalize: "characters", spellCheck: false, maxLength: 15, placeholder: "27AABCD1234E1Z8" })}
            {input("legal_name", "Legal name of the business", { maxLength: 200, autoComplete: "organization" })}
            {input("address", "Registered address", { maxLength: 500, autoComplete: "street-address" })}
          </>
        ) : null}
      </fieldset>
    </>
  );
}
