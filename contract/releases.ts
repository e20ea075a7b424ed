import { z } from "zod";
import { ExternalDependencySchema, ProductIdSchema, PythonPackageSchema } from "./products";

// The public release notes of a product: what the admin typed on the version and patch forms, for
// every published or withdrawn (yanked) release; drafts never appear.

const PublicStatusSchema = z.enum(["published", "yanked"]);

export const PublicPatchSchema = z.object({
  version: z.string(),
  published_at: z.string().nullable(),
  features: z.array(z.string()),
  status: PublicStatusSchema,
  /** Why it was withdrawn; null unless yanked. */
  yank_reason: z.string().nullable(),
});
export type PublicPatch = z.infer<typeof PublicPatchSchema>;

export const ReleaseArtifactSchema = z.object({
  id: z.number().int(),
  platform: z.string(),
  arch: z.string(),
  filename: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});

export const PublicReleaseSchema = z.object({
  version: z.string(),
  status: PublicStatusSchema,
  published_at: z.string().nullable(),
  yank_reason: z.string().nullable(),
  features: z.array(z.string()),
  requirements: z.object({
    os: z.array(z.string()),
    ram: z.string(),
    gpu: z.string(),
    processor: z.string(),
    storage: z.string(),
    network: z.string(),
  }),
  external: z.array(ExternalDependencySchema),
  python: z.array(PythonPackageSchema),
  /** Newest first. */
  patches: z.array(PublicPatchSchema),
  artifacts: z.array(ReleaseArtifactSchema),
});
export type PublicRelease = z.infer<typeof PublicReleaseSchema>;

/** GET /api/releases/:productId: newest version first. */
export const ReleaseListSchema = z.array(PublicReleaseSchema);
export const ReleaseParamsSchema = z.object({ productId: ProductIdSchema });
