import { Form } from "react-router";
import { MAX_COUPONS_PER_BATCH } from "../../../contract/coupons";
import type { ProductInformation } from "../../../contract/products";
import type { FormResult } from "../../lib/form-result";
import { CouponBatchResult, type StoredBatch } from "./coupon-batch-result";
import { Field, FormError, SelectField, buttonClass } from "./form-field";

const soldChoice = (rows: ProductInformation[]) => {
  const sold = rows.find((row) => row.for_sale);
  return sold ? `${sold.product_id}@${sold.version}` : "";
};

/**
 * The Coupon Code Generator before (or without) JavaScript: one plain form that posts to the
 * screen's action, which generates and stores the codes; the page comes back with the batch or the
 * refusal by its fields. The live pricing and the codes preview need JavaScript (coupon-generator.tsx).
 */
export function CouponBatchPlainForm({ rows, posted }: { rows: ProductInformation[]; posted?: FormResult<StoredBatch> }) {
  const errors = posted && !posted.ok ? posted.errors : {};
  const choiceError = errors.product_version ?? errors.product_id ?? errors.version;
  return (
    <>
      <Form method="post" className="mt-6 grid gap-4 rounded-lg bg-white p-4 shadow sm:grid-cols-2 md:p-6">
        <SelectField
          label="Product version"
          name="product_version"
          required
          placeholder="Select a product version"
          error={choiceError}
          // Starts on a version the store sells (coupons are for buyers); the admin may pick another.
          defaultValue={soldChoice(rows)}
          options={rows.map((row) => ({ value: `${row.product_id}@${row.version}`, label: `${row.product_name} ${row.version}` }))}
        />
        <Field label="Discount Percentage" name="discount_percentage" type="number" required error={errors.discount_percentage} />
        <Field
          label="Number of Coupons"
          name="count"
          type="number"
          min={1}
          max={MAX_COUPONS_PER_BATCH}
          required
          hint={`1 to ${MAX_COUPONS_PER_BATCH} at a time.`}
          error={errors.count ?? errors.coupons}
        />
        <Field label="Valid through (optional)" name="expires_on" type="date" error={errors.expires_on} />
        <Field label="Note (optional)" name="note" maxLength={200} error={errors.note} className="sm:col-span-2" />
        <div className="sm:col-span-2">
          <FormError message={posted && !posted.ok ? posted.message : undefined} />
          {posted?.ok ? (
            <p role="status" className="text-sm text-green-800">
              {posted.message}
            </p>
          ) : null}
          <button type="submit" className={`${buttonClass} mt-2`}>
            Generate and store
          </button>
        </div>
      </Form>
      {posted?.ok && posted.value ? <CouponBatchResult batch={posted.value} /> : null}
    </>
  );
}
