import { z } from "zod";
import { ReleaseStateSchema, ReleaseStatusSchema, yankReasonIssue, YankReasonSchema } from "./release-status";
import { AmountSchema, ExternalDependencySchema, OS_OPTIONS, ProductIdSchema, PythonPackageSchema } from "./products";

// The admin manages product versions after creating them (read, edit,
// delete or archive). Money follows decision 003: `amount` in major units (rupees), two decimals.

/** GET /api/admin/product-versions?product_id=&archived= */
export const VersionListQuerySchema = z.object({
  product_id: ProductIdSchema.optional(),
  /** Archived versions are left out unless asked for. */
  archived: z.enum(["include", "only"]).optional(),
});
export type VersionListQuery = z.infer<typeof VersionListQuerySchema>;

export const VersionSummarySchema = z
  .object({
    id: z.number().int(),
    product_id: z.string(),
    product_name: z.string(),
    version: z.string(),
    amount: z.number(),
    currency: z.literal("INR"),
    for_sale: z.boolean(),
    licence_term_months: z.number().int(),
    machine_limit: z.number().int(),
    archived: z.boolean(),
    created_at: z.string(),
  })
  .extend(ReleaseStateSchema.shape);
export type VersionSummary = z.infer<typeof VersionSummarySchema>;
export const VersionListSchema = z.object({ items: z.array(VersionSummarySchema) });
export type VersionList = z.infer<typeof VersionListSchema>;

export const VersionDetailSchema = VersionSummarySchema.extend({
  os: z.array(z.string()),
  ram: z.string(),
  gpu: z.string(),
  processor: z.string(),
  storage: z.string(),
  network: z.string(),
  features: z.array(z.string()),
  external: z.array(ExternalDependencySchema),
  python: z.array(PythonPackageSchema),
  archived_at: z.string().nullable(),
  patches: z.array(
    z
      .object({ id: z.number().int(), patch_version: z.string(), features: z.array(z.string()), created_at: z.string() })
      .extend(ReleaseStateSchema.shape),
  ),
  coupons: z.object({ total: z.number().int(), unused: z.number().int(), used: z.number().int(), void: z.number().int() }),
  orders: z.number().int(),
});
export type VersionDetail = z.infer<typeof VersionDetailSchema>;

/** Path parameter of the version calls: a positive integer id (anything else is 404). */
export const VersionIdSchema = z.coerce.number().int().positive();

const text = (label: string) => z.string().trim().min(1, `Enter the ${label}.`).max(200, "At most 200 characters.");

/**
 * PATCH /api/admin/product-versions/:id: any field but the product and the version (those name the
 * release; a wrong one is deleted and added again). Unknown keys, product_id and version included, are refused.
 */
export const VersionUpdateSchema = z
  .strictObject({
    os: z
      .array(z.enum(OS_OPTIONS, "Choose windows, linux or mac."))
      .min(1, "Choose at least one operating system.")
      .max(3)
      .refine((list) => new Set(list).size === list.length, "Each operating system once."),
    ram: text("RAM"),
    gpu: text("GPU"),
    processor: text("processor"),
    storage: text("storage"),
    network: text("network"),
    amount: AmountSchema,
    features: z.array(z.string().trim().min(1, "A feature cannot be blank.").max(300)).max(50),
    external: z.array(ExternalDependencySchema).max(50),
    python: z.array(PythonPackageSchema).max(100),
    for_sale: z.boolean(),
    licence_term_months: z.number().int("Use whole months.").min(1, "At least 1 month.").max(120, "At most 120 months."),
    machine_limit: z.number().int("Use a whole number.").min(1, "At least 1 machine.").max(1000, "At most 1000 machines."),
    /** true archives (hidden from the store and the pickers), false brings it back. */
    archived: z.boolean(),
    /** draft → published stamps published_at; published → yanked needs yank_reason; yanked → published un-yanks. */
    status: ReleaseStatusSchema,
    yank_reason: YankReasonSchema,
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, "Change at least one field.")
  .refine((patch) => !yankReasonIssue(patch), { message: "Say why the release is withdrawn.", path: ["yank_reason"] });
export type VersionUpdate = z.infer<typeof VersionUpdateSchema>;

export const VersionUpdatedSchema = z.object({ status: z.literal("success"), message: z.string(), version: VersionDetailSchema });
export const VersionDeletedSchema = z.object({ status: z.literal("success"), message: z.string() });
