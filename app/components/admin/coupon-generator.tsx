import { useId, useMemo, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useActionData, useFetcher } from "react-router";
import { COUPON_MESSAGES, MAX_COUPONS_PER_BATCH } from "../../../contract/coupons";
import type { ProductInformation } from "../../../contract/products";
import type { FormResult } from "../../lib/form-result";
import { generateCouponCodes } from "../../../contract/coupon-code";
import { couponCountError, couponTotals } from "../../lib/coupon-math";
import { formatInrMinor } from "../../../contract/money";
import { CouponBatchPlainForm } from "./coupon-batch-plain-form";
import { CouponBatchResult, type StoredBatch } from "./coupon-batch-result";
import { CouponTable } from "./coupon-table";
import { NoVersionsYet } from "./no-versions-yet";
import { Field, SelectField, buttonClass, secondaryButtonClass } from "./form-field";
import { useHydrated } from "./use-hydrated";
import { UnsavedChangesGuard } from "./unsaved-changes";
import { useFocusFirstError } from "./use-focus-first-error";
import { useFormResult } from "./use-form-result";

/** The batch's fields shown on this screen, named as the server names them in its field errors. */
const FIELD_LABELS: Record<string, string> = {
  discount_percentage: "Discount Percentage",
  expires_on: "Valid through",
  note: "Note",
  coupons: "Coupons",
};

/**
 * The alert after a refused batch: what is wrong, field by field (the fields on screen also show their
 * message and focus moves to the first), else the server's sentence ("Some fields are missing or
 * invalid." said nothing about which).
 */
function failureMessage(message: string, errors: Record<string, string>) {
  const lines = Object.entries(errors).map(([key, text]) => `${FIELD_LABELS[key.split(".")[0]] ?? key}: ${text}`);
  return lines.length ? lines.join(" ") : message;
}

/** The version a product starts on: the one the store sells (coupons are for buyers), else its first. */
function startingVersion(rows: ProductInformation[], productId: string) {
  const versions = rows.filter((row) => row.product_id === productId);
  return (versions.find((row) => row.for_sale) ?? versions[0])?.version ?? "";
}

/** What the preview shows for a discount the server would refuse, instead of a negative amount. */
const NOT_AVAILABLE = "Not available";

/**
 * The Coupon Code Generator: choose a version, price a discount, generate, store.
 * `rows` come from the screen's loader; `onStored` reloads them (the coupon lists change).
 */
export function CouponGenerator({ prefix, rows, onStored }: { prefix: string; rows: ProductInformation[]; onStored: () => void }) {
  const hydrated = useHydrated();
  const countId = useId();
  const [productId, setProductId] = useState("");
  const [version, setVersion] = useState("");
  const [percent, setPercent] = useState("");
  const [count, setCount] = useState("");
  const [codes, setCodes] = useState<string[]>([]);
  const fetcher = useFetcher<FormResult<StoredBatch>>();
  const posted = useActionData<FormResult<StoredBatch>>();
  const busy = fetcher.state !== "idle";
  const [submitError, setSubmitError] = useState("");
  const [countError, setCountError] = useState<string>();
  const [expiresOn, setExpiresOn] = useState("");
  const [note, setNote] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [stored, setStored] = useState<StoredBatch | null>(null);
  const screenRef = useRef<HTMLDivElement>(null);
  const focusErrors = useMemo(() => (submitError ? { ...fieldErrors, form: submitError } : fieldErrors), [fieldErrors, submitError]);
  useFocusFirstError(screenRef, focusErrors);

  const products = [...new Map(rows.map((row) => [row.product_id, row.product_name])).entries()];
  const versions = rows.filter((row) => row.product_id === productId);
  const selected = versions.find((row) => row.version === version);
  const totals = couponTotals(selected?.amount ?? 0, percent);

  // Changing product or version resets the discount and the generated codes.
  function choose(nextProduct: string, nextVersion: string) {
    setProductId(nextProduct);
    setVersion(nextVersion);
    setPercent("");
    setCodes([]);
    setSubmitError("");
    setFieldErrors({});
  }

  function generate() {
    const error = couponCountError(count, MAX_COUPONS_PER_BATCH);
    setCountError(error);
    if (error) {
      document.getElementById(countId)?.focus();
      return toast.error(COUPON_MESSAGES.invalidCount);
    }
    setCodes(generateCouponCodes(prefix, Number(count)));
  }

  useFormResult(fetcher.data, fetcher.state === "idle", (result) => {
    if (result.ok) {
      toast.success(result.message);
      if (result.value) setStored(result.value);
      setCodes([]);
      onStored();
    } else {
      setSubmitError(failureMessage(result.message, result.errors));
      setFieldErrors(result.errors);
      toast.error(COUPON_MESSAGES.failure);
    }
  });

  function submit() {
    if (!selected) return;
    setSubmitError("");
    setFieldErrors({});
    const form = new FormData();
    form.set("product_id", selected.product_id);
    form.set("version", selected.version);
    form.set("discount_percentage", percent);
    for (const code of codes) form.append("coupons", code);
    if (expiresOn) form.set("expires_on", expiresOn);
    if (note.trim()) form.set("note", note.trim());
    void fetcher.submit(form, { method: "post" });
  }

  if (!rows.length) return <NoVersionsYet />;
  // Before (or without) JavaScript: the plain form, which the action answers by itself.
  if (!hydrated) return <CouponBatchPlainForm rows={rows} posted={posted} />;
  if (!rows.length) return <NoVersionsYet />;
  return (
    <div ref={screenRef}>
      <div className="mt-6 grid gap-4 rounded-lg bg-white p-4 shadow sm:grid-cols-2 md:p-6">
        {/* The options come with the page (the screen's loader): a choice made before React
            took over would be dropped by hydration and no Version field would follow, so the
            picker waits for it, like the buttons (decision 005). */}
        <SelectField
          label="Product"
          placeholder="Select a product"
          required
          disabled={!hydrated}
          value={productId}
          options={products.map(([id, name]) => ({ value: id, label: name }))}
          onChange={(event) => choose(event.target.value, startingVersion(rows, event.target.value))}
        />
        {productId ? (
          <SelectField
            label="Version"
            required
            value={version}
            options={versions.map((row) => ({ value: row.version, label: row.for_sale ? `${row.version} (for sale)` : row.version }))}
            onChange={(event) => choose(productId, event.target.value)}
          />
        ) : (
          <div />
        )}
        {selected ? (
          <>
            {/* Rupees, "₹1,499.00", as on every other screen: an amount never appears without its currency. */}
            <Field label="Amount" value={formatInrMinor(totals.amountMinor)} readOnly />
            <Field
              label="Discount Percentage"
              type="number"
              inputMode="numeric"
              required
              value={percent}
              // The client blocks nothing (the server decides), but states the server's rule as soon as the
              // typed value breaks it, and shows the server's own message after a refused submit.
              error={fieldErrors.discount_percentage ?? totals.percentError}
              onChange={(event) => {
                setPercent(event.target.value);
                if (fieldErrors.discount_percentage) {
                  setFieldErrors(({ discount_percentage: _fixed, ...rest }) => rest);
                  setSubmitError("");
                }
              }}
            />
            <Field
              label="Discount Amount"
              value={totals.discountMinor === null ? NOT_AVAILABLE : formatInrMinor(totals.discountMinor)}
              readOnly
            />
            <Field label="Final Amount" value={totals.finalMinor === null ? NOT_AVAILABLE : formatInrMinor(totals.finalMinor)} readOnly />
            <Field
              id={countId}
              label="Number of Coupons"
              type="number"
              min={1}
              max={MAX_COUPONS_PER_BATCH}
              required
              value={count}
              hint={`1 to ${MAX_COUPONS_PER_BATCH} at a time.`}
              error={countError}
              onChange={(event) => {
                setCount(event.target.value);
                if (countError) setCountError(couponCountError(event.target.value, MAX_COUPONS_PER_BATCH));
              }}
            />
            <div className="flex items-end">
              <button type="button" className={secondaryButtonClass} onClick={generate} disabled={!hydrated}>
                Generate Coupons
              </button>
            </div>
          </>
        ) : null}
      </div>
      {selected && codes.length ? (
        <section aria-labelledby="generated-title" className="mt-6 rounded-lg bg-white p-4 shadow">
          <h2 id="generated-title" className="text-xl font-semibold">
            Generated coupons ({codes.length}){" "}
            <span className="ml-1 inline-block rounded bg-amber-100 px-2 py-0.5 align-middle text-sm font-semibold text-amber-900">
              not saved yet
            </span>
          </h2>
          {/* They are only in this browser until Submit answers: a code handed out before that does not work. */}
          <p className="mt-1 text-sm text-slate-700">These codes work only after Submit stores them.</p>
          <ul className="mt-3 grid gap-1 font-mono text-sm sm:grid-cols-2 lg:grid-cols-3" aria-label="Generated coupon codes">
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <Field
              label="Valid through (optional)"
              type="date"
              value={expiresOn}
              error={fieldErrors.expires_on}
              hint="The codes stop working after this day (India time)."
              onChange={(event) => setExpiresOn(event.target.value)}
            />
            <Field
              label="Note (optional)"
              maxLength={200}
              value={note}
              error={fieldErrors.note}
              hint="For example who the batch is for."
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          {submitError ? (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {submitError}
            </p>
          ) : null}
          <button type="button" className={`${buttonClass} mt-4`} onClick={submit} disabled={busy}>
            {busy ? "Submitting..." : "Submit"}
          </button>
        </section>
      ) : null}
      {stored ? <CouponBatchResult batch={stored} /> : null}
      <UnsavedChangesGuard when={codes.length > 0} what={`${codes.length} generated coupons are not submitted yet.`} />
      {selected ? <CouponTable key={`${selected.product_id}@${selected.version}`} coupons={selected.coupons} /> : null}
    </div>
  );
}
