import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import type { CouponReason, StoreProduct } from "../../../contract/store";
import type { FormResult } from "../../lib/form-result";
import { formatInr } from "../../lib/money";
import { fieldClass } from "../form-styles";
import { BillingFields, type BillingValues } from "./billing-fields";
import { useQuote } from "./use-quote";

/** A refused checkout: the action's FormResult, its sentence and the fields it concerns. */
export type CheckoutFailure = Pick<Extract<FormResult<unknown>, { ok: false }>, "message" | "errors">;
type Values = { email: string; name: string; coupon: string } & Partial<BillingValues>;

const FIELDS = ["email", "name", "coupon"] as const;

/** One labelled input with its error underneath, tied together for screen readers. */
function Field(props: {
  name: (typeof FIELDS)[number];
  label: string;
  hint?: string;
  error?: string;
  autoFocus?: boolean;
  inputProps: React.InputHTMLAttributes<HTMLInputElement>;
}) {
  const { name, label, hint, error, autoFocus, inputProps } = props;
  const described = [hint ? `${name}-hint` : "", error ? `${name}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={`checkout-${name}`} className="block font-medium">
        {label}
      </label>
      {hint ? (
        <p id={`${name}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <input
        id={`checkout-${name}`}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        autoFocus={autoFocus}
        className={fieldClass}
        {...inputProps}
      />
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The checkout form: e-mail, name, coupon with a live quote, and the total. A plain POST to the
 * route's action, so it works before hydration and without JavaScript; with JavaScript the quote
 * follows the coupon as it is typed, and after a failed submit focus goes to the first error.
 */
export function CheckoutForm(props: {
  item: StoreProduct;
  provider: "test" | "razorpay";
  reasons: Record<CouponReason, string>;
  initialCoupon: string;
  values?: Values;
  failure?: CheckoutFailure;
  busy: boolean;
  /** The store charges GST: the form asks for the buyer's state and offers the business part. */
  taxOn: boolean;
  defaultState: string;
}) {
  const { item, provider, reasons, failure, busy, taxOn } = props;
  const [coupon, setCoupon] = useState(props.values?.coupon ?? props.initialCoupon);
  const [stateCode, setStateCode] = useState(props.values?.state_code ?? props.defaultState);
  const quote = useQuote(item.product_id, item.version, coupon, taxOn ? stateCode : "");
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const quoted = quote.kind === "quoted" ? quote.quote : null;
  const badCoupon = quoted?.coupon && !quoted.coupon.valid ? reasons[quoted.coupon.reason ?? "unknown"] : undefined;
  const discount = quoted && !badCoupon ? quoted.discount : 0;
  // A bad coupon's quote is the full price (with its tax, when prices exclude it).
  const total = quoted ? quoted.total : item.amount;
  // A 100 % coupon: no payment step at all (decision 021), so the button does not promise one.
  const free = quoted?.coupon?.valid === true && quoted.total === 0;
  const errors = failure?.errors ?? {};
  const couponError = errors.coupon ?? badCoupon ?? (quote.kind === "failed" && quote.field ? quote.message : undefined);
  const firstError = FIELDS.find((f) => errors[f]);

  // After a refused submit (JavaScript on), focus the first field in error, else the message.
  useEffect(() => {
    if (!failure) return;
    const target = firstError ? formRef.current?.querySelector<HTMLInputElement>(`[name="${firstError}"]`) : alertRef.current;
    target?.focus();
  }, [failure, firstError]);

  let status = "";
  if (quote.kind === "checking") status = "Checking the coupon…";
  else if (quote.kind === "failed" && !quote.field) status = quote.message;
  else if (badCoupon) status = `${badCoupon} Total ${formatInr(item.amount)}.`;
  else if (quoted?.coupon?.valid)
    status = `Coupon applied: ${quoted.coupon.discount_percent ?? ""}% off. You save ${formatInr(quoted.discount)}. Total ${formatInr(quoted.total)}.`;

  return (
    <Form method="post" ref={formRef} noValidate className="space-y-5" aria-labelledby="checkout-form-title">
      <h2 id="checkout-form-title" className="text-xl font-bold">
        Your details
      </h2>
      {failure ? (
        <div ref={alertRef} tabIndex={-1} role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
          {failure.message}
        </div>
      ) : null}
      <input type="hidden" name="version" value={item.version} />
      <Field
        name="email"
        label="E-mail address"
        hint="The licence key and receipt go here."
        error={errors.email}
        autoFocus={firstError === "email"}
        inputProps={{ type: "email", autoComplete: "email", required: true, maxLength: 254, defaultValue: props.values?.email }}
      />
      <Field
        name="name"
        label="Your name"
        error={errors.name}
        autoFocus={firstError === "name"}
        inputProps={{ type: "text", autoComplete: "name", required: true, maxLength: 100, defaultValue: props.values?.name }}
      />
      <Field
        name="coupon"
        label="Coupon code (optional)"
        error={couponError}
        autoFocus={firstError === "coupon"}
        inputProps={{
          type: "text",
          autoComplete: "off",
          autoCapitalize: "characters",
          spellCheck: false,
          maxLength: 64,
          value: coupon,
          onChange: (e) => setCoupon(e.target.value),
        }}
      />
      {taxOn ? (
        <BillingFields
          values={{
            state_code: stateCode,
            gstin: props.values?.gstin ?? "",
            legal_name: props.values?.legal_name ?? "",
            address: props.values?.address ?? "",
          }}
          errors={errors}
          onStateChange={setStateCode}
        />
      ) : null}
      <dl className="grid grid-cols-[1fr_auto] gap-y-1 rounded-xl border border-slate-200 p-4">
        <dt>Price</dt>
        <dd className="text-right tabular-nums">{formatInr(item.amount)}</dd>
        <dt>Coupon discount</dt>
        <dd className="text-right tabular-nums" data-testid="checkout-discount">
          {discount > 0 ? `−${formatInr(discount)}` : formatInr(0)}
        </dd>
        {quoted?.tax ? (
          <>
            <dt>Taxable value</dt>
            <dd className="text-right tabular-nums">{formatInr(quoted.tax.taxable)}</dd>
            {quoted.tax.igst > 0 ? (
              <>
                <dt>IGST {quoted.tax.rate_percent}%</dt>
                <dd className="text-right tabular-nums" data-testid="checkout-igst">
                  {formatInr(quoted.tax.igst)}
                </dd>
              </>
            ) : quoted.tax.cgst + quoted.tax.sgst > 0 ? (
              <>
                <dt>CGST {quoted.tax.rate_percent / 2}%</dt>
                <dd className="text-right tabular-nums">{formatInr(quoted.tax.cgst)}</dd>
                <dt>SGST {quoted.tax.rate_percent / 2}%</dt>
                <dd className="text-right tabular-nums">{formatInr(quoted.tax.sgst)}</dd>
              </>
            ) : null}
          </>
        ) : null}
        <dt className="border-t border-slate-200 pt-1 text-lg font-bold">Total</dt>
        <dd className="border-t border-slate-200 pt-1 pl-4 text-right text-lg font-bold tabular-nums" data-testid="checkout-total">
          {formatInr(total)}
        </dd>
      </dl>
      <p role="status" aria-live="polite" className="min-h-6 text-sm text-slate-700">
        {status}
      </p>
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-lg bg-sky-700 px-6 py-3 font-semibold text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 disabled:opacity-60 sm:w-auto"
      >
        {busy ? "Creating your order…" : free ? "Get the licence key" : provider === "test" ? "Continue to payment" : "Pay with Razorpay"}
      </button>
      <p className="text-sm text-slate-600">
        {free
          ? "Nothing to pay: the order is placed at once and the next page shows your licence key."
          : provider === "test"
            ? "Test mode: the next page is the built-in payment sandbox and no money moves."
            : "Payment opens Razorpay's checkout, which needs JavaScript in your browser."}
      </p>
    </Form>
  );
}
