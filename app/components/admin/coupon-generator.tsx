import { useId, useState } from "react";
import toast from "react-hot-toast";
import { COUPON_MESSAGES, CouponBatchResponseSchema, MAX_COUPONS_PER_BATCH } from "../../../contract/coupons";
import type { ProductInformation } from "../../../contract/products";
import { ApiError, api, errorMessage } from "../../lib/api-client";
import { generateCouponCodes } from "../../../contract/coupon-code";
import { couponCountError, couponTotals } from "../../lib/coupon-math";
import { formatMinor } from "../../lib/money";
import { CouponBatchResult, type StoredBatch } from "./coupon-batch-result";
import { CouponTable } from "./coupon-table";
import { NoVersionsYet } from "./no-versions-yet";
import { Field, SelectField, buttonClass, secondaryButtonClass } from "./form-field";
import { useHydrated } from "./use-hydrated";
import { UnsavedChangesGuard } from "./unsaved-changes";

/**
 * The Coupon Code Generator (SPEC.md section 2): choose a version, price a discount, generate, store.
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
  const [busy, setBusy] = useState(false);
  const [submitError, setSubmitError] = useState("");
  const [countError, setCountError] = useState<string>();
  const [expiresOn, setExpiresOn] = useState("");
  const [note, setNote] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [stored, setStored] = useState<StoredBatch | null>(null);

  const products = [...new Map(rows.map((row) => [row.product_id, row.product_name])).entries()];
  const versions = rows.filter((row) => row.product_id === productId);
  const selected = versions.find((row) => row.version === version);
  const totals = couponTotals(selected?.amount ?? 0, percent);

  // SPEC: changing product or version resets the discount and the generated codes.
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

  async function submit() {
    if (!selected) return;
    setBusy(true);
    setSubmitError("");
    setFieldErrors({});
    const batch = {
      product_id: selected.product_id,
      version: selected.version,
      discount: Number(percent),
      codes,
      ...(expiresOn && { expires_on: expiresOn }),
      ...(note.trim() && { note: note.trim() }),
    };
    try {
      const { discount, codes: batchCodes, ...rest } = batch;
      const json = { ...rest, coupons: batchCodes, discount_percentage: discount };
      const answer = CouponBatchResponseSchema.parse(await api("/api/products/coupon/update", { json }));
      toast.success(`${answer.added} coupons added.`);
      setStored(batch);
      setCodes([]);
      onStored();
    } catch (error) {
      setSubmitError(errorMessage(error, "The server could not be reached."));
      if (error instanceof ApiError) setFieldErrors(error.errors);
      toast.error(COUPON_MESSAGES.failure);
    } finally {
      setBusy(false);
    }
  }

  if (!rows.length) return <NoVersionsYet />;
  return (
    <>
      <div className="mt-6 grid gap-4 rounded-lg bg-white p-4 shadow sm:grid-cols-2 md:p-6">
        {/* The options come with the page now (the screen's loader): a choice made before React
            took over would be dropped by hydration and no Version field would follow, so the
            picker waits for it, like the buttons (decision 005). */}
        <SelectField
          label="Product"
          placeholder="Select a product"
          disabled={!hydrated}
          value={productId}
          options={products.map(([id, name]) => ({ value: id, label: name }))}
          onChange={(event) => choose(event.target.value, rows.find((row) => row.product_id === event.target.value)?.version ?? "")}
        />
        {productId ? (
          <SelectField
            label="Version"
            value={version}
            options={versions.map((row) => ({ value: row.version, label: row.version }))}
            onChange={(event) => choose(productId, event.target.value)}
          />
        ) : (
          <div />
        )}
        {selected ? (
          <>
            <Field label="Amount" value={formatMinor(totals.amountMinor)} readOnly />
            <Field
              label="Discount Percentage"
              type="number"
              inputMode="decimal"
              value={percent}
              onChange={(event) => setPercent(event.target.value)}
            />
            <Field label="Discount Amount" value={formatMinor(totals.discountMinor)} readOnly />
            <Field label="Final Amount" value={formatMinor(totals.finalMinor)} readOnly />
            <Field
              id={countId}
              label="Number of Coupons"
              type="number"
              min={1}
              max={MAX_COUPONS_PER_BATCH}
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
            Generated coupons ({codes.length})
          </h2>
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
              hint="The codes stop working after this day (UTC)."
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
    </>
  );
}
