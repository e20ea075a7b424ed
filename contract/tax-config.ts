import { z } from "zod";
import { GstinSchema } from "./gstin";
import { GST_STATES, OUTSIDE_INDIA } from "./gst-states";

const INDIAN_STATES = new Set(GST_STATES.filter((s) => s.code !== OUTSIDE_INDIA).map((s) => s.code));

/**
 * The `tax` block of SITE_CONFIG_FILE. With `gstin` set every paid order gets a tax invoice; without it
 * a receipt numbered the same way and without tax lines. A registered supplier's legal name, address
 * and state are on every invoice, so they are required with a GSTIN, and the state must be the
 * GSTIN's own (its first two digits).
 */
export const TaxConfigSchema = z
  .strictObject({
    gstin: GstinSchema.optional(),
    legal_name: z.string().trim().min(1).max(200).optional(),
    address: z.string().trim().min(1).max(500).optional(),
    state_code: z
      .string()
      .refine((v) => INDIAN_STATES.has(v), "must be a two-digit GST state code such as 27")
      .optional(),
    sac: z
      .string()
      .regex(/^[0-9]{4,8}$/, "must be a SAC of 4 to 8 digits")
      .default("997331"),
    rate_percent: z.number().min(0).max(40).multipleOf(0.01).default(18),
    prices_include_tax: z.boolean().default(true),
    invoice_prefix: z
      .string()
      .regex(/^[A-Z0-9-]{1,8}$/, "must be 1 to 8 capital letters, digits or dashes, such as OL")
      .default("INV"),
  })
  .superRefine((tax, ctx) => {
    if (!tax.gstin) return;
    for (const key of ["legal_name", "address", "state_code"] as const)
      if (!tax[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required with a GSTIN" });
    if (tax.state_code && tax.gstin.slice(0, 2) !== tax.state_code)
      ctx.addIssue({ code: "custom", path: ["state_code"], message: `must be the GSTIN's state (${tax.gstin.slice(0, 2)})` });
  });
export type TaxConfig = z.infer<typeof TaxConfigSchema>;

/** Tax is charged (and asked for at checkout) only when the supplier is registered. */
export type RegisteredTax = TaxConfig & { gstin: string; legal_name: string; address: string; state_code: string };
export const taxIsOn = (tax: TaxConfig | undefined): tax is RegisteredTax => Boolean(tax?.gstin);
