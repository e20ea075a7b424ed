import { z } from "zod";
import { VersionSchema } from "./products";
import { ReleaseStateSchema, ReleaseStatusSchema, yankReasonIssue, YankReasonSchema } from "./release-status";

/** POST /api/products/version/patch/create. `product` is the product's name (as the version-details
 * map gives it) or its product_id. */
// A blank feature is dropped, so an edit form can send its lines as they are.
const FeatureListSchema = z
  .array(z.string().trim().max(300, "A feature has at most 300 characters."))
  .max(50, "At most 50 features.")
  .transform((list) => list.filter(Boolean));

export const PatchCreateSchema = z.object({
  product: z.string().trim().min(1, "Choose a product.").max(100),
  majorVersion: VersionSchema,
  patchVersion: VersionSchema,
  features: FeatureListSchema.default([]),
  /**
   * The admin's form may save a draft (admin only until published); `POST /api/products/version/patch/create`
   * (docs/api.md) always publishes.
   */
  draft: z.boolean().optional(),
});
export type PatchCreate = z.infer<typeof PatchCreateSchema>;

export const PatchReleaseSchema = z
  .object({
    id: z.number().int(),
    /** The product version it patches (its screen: /dashboard/versions/:version_id). */
    version_id: z.number().int(),
    product_id: z.string(),
    product_name: z.string(),
    version: z.string(),
    patchVersion: z.string(),
    features: z.array(z.string()),
    createdAt: z.string(),
  })
  .extend(ReleaseStateSchema.shape);
export type PatchRelease = z.infer<typeof PatchReleaseSchema>;

/** GET /api/products/version/patches (admin): every patch release, newest first. */
export const PatchListSchema = z.object({ status: z.literal("success"), patches: z.array(PatchReleaseSchema) });

/** PATCH /api/admin/patches/:id: the patch's own version and/or its features (at least one). The
 * version it patches stays: a patch filed under the wrong version is deleted and created again.
 * Unknown keys are refused. */
export const PatchUpdateSchema = z
  .strictObject({ patch_version: VersionSchema, features: FeatureListSchema, status: ReleaseStatusSchema, yank_reason: YankReasonSchema })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, "Change at least one field.")
  .refine((patch) => !yankReasonIssue(patch), { message: "Say why the release is withdrawn.", path: ["yank_reason"] });
export type PatchUpdate = z.infer<typeof PatchUpdateSchema>;

/** Path parameter of the patch calls: a positive 4-byte integer (anything else is 404). */
export const PatchIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** One patch as the management calls answer it (the same fields as a version's detail lists). */
export const AdminPatchSchema = z
  .object({
    id: z.number().int(),
    product_id: z.string(),
    product_name: z.string(),
    version: z.string(),
    patch_version: z.string(),
    features: z.array(z.string()),
    created_at: z.string(),
  })
  .extend(ReleaseStateSchema.shape);
export type AdminPatch = z.infer<typeof AdminPatchSchema>;
export const PatchUpdatedSchema = z.object({ status: z.literal("success"), message: z.string(), patch: AdminPatchSchema });
