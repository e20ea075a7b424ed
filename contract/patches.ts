import { z } from "zod";
import { VersionSchema } from "./products";

/** POST /api/products/version/patch/create. `product` is the product's name (as the version-details
 * map gives it) or its product_id. */
export const PatchCreateSchema = z.object({
  product: z.string().trim().min(1, "Choose a product.").max(100),
  majorVersion: VersionSchema,
  patchVersion: VersionSchema,
  features: z
    .array(z.string().trim().max(300))
    .max(50)
    .default([])
    .transform((list) => list.filter(Boolean)),
});
export type PatchCreate = z.infer<typeof PatchCreateSchema>;

export const PatchReleaseSchema = z.object({
  product_id: z.string(),
  product_name: z.string(),
  version: z.string(),
  patchVersion: z.string(),
  features: z.array(z.string()),
  createdAt: z.string(),
});
export type PatchRelease = z.infer<typeof PatchReleaseSchema>;

/** GET /api/products/version/patches (admin): every patch release, newest first. */
export const PatchListSchema = z.object({ status: z.literal("success"), patches: z.array(PatchReleaseSchema) });
