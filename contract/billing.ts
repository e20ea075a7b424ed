import { z } from "zod";
import { GstinSchema } from "./gstin";
import { StateCodeSchema } from "./gst-states";

/** A blank optional field (a form sends "") counts as left out. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const NO_CONTROL = /^[^\p{Cc}]*$/u;

/**
 * The buyer's place of supply, and for a business purchase its GSTIN, legal name and address, all
 * printed on the tax invoice. `state_code` is required when the store charges tax.
 */
export const BillingSchema = z
  .object({
    state_code: StateCodeSchema,
    gstin: z.preprocess(blankToUndefined, GstinSchema.optional()),
    legal_name: z.preprocess(
      blankToUndefined,
      z.string().trim().max(200, "At most 200 characters.").regex(NO_CONTROL, "Use a single line of text.").optional(),
    ),
    address: z.preprocess(blankToUndefined, z.string().trim().max(500, "At most 500 characters.").optional()),
  })
  .superRefine((b, ctx) => {
    if (!b.gstin) return;
    if (!b.legal_name) ctx.addIssue({ code: "custom", path: ["legal_name"], message: "Enter the business's legal name." });
    if (!b.address) ctx.addIssue({ code: "custom", path: ["address"], message: "Enter the business's address." });
  });
export type Billing = z.infer<typeof BillingSchema>;

/** The GST in a quote, in rupees like its other amounts; null when the store charges no tax. */
export const QuoteTaxSchema = z.object({
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  rate_percent: z.number(),
});
export type QuoteTax = z.infer<typeof QuoteTaxSchema>;

export const BILLING_STATE_REQUIRED = "Choose your state, or Outside India.";
