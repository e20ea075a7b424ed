import { z } from "zod";
import { moneyInput } from "./money-input";

export const OS_OPTIONS = ["windows", "linux", "mac"] as const;

/** A lowercase slug: the form's Product ID, lower-cased and trimmed before the check. */
export const ProductIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Enter a product ID.")
  .max(64, "At most 64 characters.")
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, "Use lower-case letters, digits and single dashes, e.g. dirx or campus-erp.");

/** Dotted numeric versions: 1, 1.0, 1.0.1, 2.10.3.4 */
export const VersionSchema = z
  .string()
  .trim()
  .max(32, "At most 32 characters.")
  .regex(/^\d{1,6}(\.\d{1,6}){0,3}$/, "Use a dotted number such as 1.0 or 1.0.1.");

const shortText = (label: string) => z.string().trim().min(1, `Enter the ${label}.`).max(200, "At most 200 characters.");

export const ExternalDependencySchema = z.object({
  name: z.string().trim().min(1, "Enter the dependency's name.").max(100),
  os: z.string().trim().max(50).default(""),
  link: z.union([z.literal(""), z.url({ protocol: /^https?$/, error: "Enter an http(s) link." }).max(500)]).default(""),
  version: z.string().trim().max(50).default(""),
});
export type ExternalDependency = z.infer<typeof ExternalDependencySchema>;

export const PythonPackageSchema = z.object({
  name: z.string().trim().min(1, "Enter the package name.").max(100),
  version: z.string().trim().max(50).default(""),
});
export type PythonPackage = z.infer<typeof PythonPackageSchema>;

const twoDecimals = (n: number) => Number.isFinite(n) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
const amountRange = z
  .number("Enter the amount as a number.")
  .min(0, "The amount cannot be negative.")
  .max(10_000_000, "The amount is too large.")
  .refine(twoDecimals, "Use at most two decimals.");

/** Money as typed in the form: a number or a decimal string from a form post, at most 2 decimals. */
export const AmountSchema = moneyInput(amountRange);

/** A price with no default: an empty field is an error, never 0 (a free version types 0 on purpose). */
export const PriceSchema = moneyInput(amountRange, "Enter the price (0 only for a free version).");

/** POST /api/oni/add/product/version */
export const ProductVersionInputSchema = z.object({
  product_id: ProductIdSchema,
  product_name: z.string().trim().min(1, "Enter the product name.").max(100, "At most 100 characters."),
  version: VersionSchema,
  os: z
    .array(z.enum(OS_OPTIONS, "Choose windows, linux or mac."))
    .min(1, "Choose at least one operating system.")
    .max(3)
    .refine((list) => new Set(list).size === list.length, "Each operating system once."),
  ram: shortText("RAM"),
  gpu: shortText("GPU"),
  processor: shortText("processor"),
  storage: shortText("storage"),
  network: shortText("network"),
  // No default: an empty Amount is an error, not a free version (0 is typed on purpose).
  amount: PriceSchema,
  features: z.array(z.string().trim().min(1, "A feature cannot be blank.").max(300)).max(50).default([]),
  external: z.array(ExternalDependencySchema).max(50).default([]),
  python: z.array(PythonPackageSchema).max(100).default([]),
  /**
   * The admin's form may save a draft (admin only until published); `POST /api/oni/add/product/version`
   * (docs/api.md) always publishes.
   */
  draft: z.boolean().optional(),
});
export type ProductVersionInput = z.infer<typeof ProductVersionInputSchema>;
/** The fields a form post sends as JSON strings (the original client posts them so). */
export const PRODUCT_VERSION_JSON_FIELDS = ["os", "external", "python", "features"];

export const PRODUCT_MESSAGES = {
  missingFields: "Please fill out all required fields",
  success: "Product requirements submitted successfully",
  failure: "Error submitting form",
} as const;

export const CouponSummarySchema = z.object({ value: z.string(), status: z.boolean(), discount: z.number() });

/** One element of POST /api/products/informations: a product version with its coupons. */
export const ProductInformationSchema = z.object({
  product_id: z.string(),
  product_name: z.string(),
  version: z.string(),
  amount: z.number(),
  /** This is the version the store sells for its product (its newest for sale at a price). */
  for_sale: z.boolean(),
  coupons: z.array(CouponSummarySchema),
});
export type ProductInformation = z.infer<typeof ProductInformationSchema>;
export const ProductInformationListSchema = z.array(ProductInformationSchema);

/** POST /api/products/version/details: product name -> its versions. */
export const VersionDetailsSchema = z.record(z.string(), z.array(z.string()));
export type VersionDetails = z.infer<typeof VersionDetailsSchema>;
