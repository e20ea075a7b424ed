import { UpdateAdvisorySchema } from "./advisories";
import { z } from "zod";
import { VersionSchema } from "./products";
import { PublicHttpsUrlSchema } from "./public-url";

export const PLATFORMS = ["windows", "linux", "mac"] as const;
export const ARCHES = ["x86_64", "arm64"] as const;

const productId = z.string().trim().min(1, "Choose a product.").max(100);
const version = z.string().trim().min(1, "Give the version.").max(50);
const sha256 = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, "A SHA-256 is 64 hexadecimal digits.");

/** Where a build belongs: a version, or one of its patches, for one platform and architecture. */
export const ArtifactTargetSchema = z.object({
  product_id: productId,
  version,
  patch_version: z
    .string()
    .trim()
    .max(50)
    .optional()
    .transform((v) => (v ? v : undefined)),
  platform: z.enum(PLATFORMS, "Choose windows, linux or mac."),
  arch: z.enum(ARCHES, "Choose x86_64 or arm64."),
});
export type ArtifactTarget = z.infer<typeof ArtifactTargetSchema>;

// A build's minisign signature: the `.minisig` file's text.
const minisig = z.string().max(4000).optional();

/**
 * The multipart upload's text fields; `sha256`, when given, must match the file received.
 * `signature` (the `.minisig` text) is required when the server holds no release secret, and must
 * come before the `file` part.
 */
export const ArtifactUploadFieldsSchema = ArtifactTargetSchema.extend({ sha256: sha256.optional(), signature: minisig });
export type ArtifactUploadFields = z.infer<typeof ArtifactUploadFieldsSchema>;

/** A build kept elsewhere (a mirror, a CDN): registered by URL with its size and SHA-256. */
export const ArtifactExternalSchema = ArtifactTargetSchema.extend({
  filename: z.string().trim().min(1, "Give the file name.").max(200),
  url: PublicHttpsUrlSchema,
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  sha256,
  signature: minisig,
});
export type ArtifactExternal = z.infer<typeof ArtifactExternalSchema>;

export const ArtifactCreatedSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  platform: z.enum(PLATFORMS),
  arch: z.enum(ARCHES),
  /** Has a minisign signature: unsigned builds (an external URL given without one) are never offered to an updater. */
  signed: z.boolean(),
});
export type ArtifactCreated = z.infer<typeof ArtifactCreatedSchema>;

export const ArtifactSchema = ArtifactCreatedSchema.extend({
  product_id: z.string(),
  version: z.string(),
  patch_version: z.string().nullable(),
  external: z.boolean(),
  downloads: z.number().int(),
  created_at: z.string(),
});
export type Artifact = z.infer<typeof ArtifactSchema>;

/** A published build as a buyer sees it: the product page, the receipt and the account list the same ones. */
export const BuildSchema = z.object({
  id: z.number().int(),
  /** The release's version: the patch's when the build belongs to a patch. */
  release_version: z.string(),
  platform: z.string(),
  arch: z.string(),
  filename: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** Its minisign signature is published at /releases/:productId/:version/:filename.minisig. */
  signed: z.boolean(),
});
export type Build = z.infer<typeof BuildSchema>;

/**
 * A product's download list: per platform and architecture the build of its newest published release
 * (within a licence's term when asked for one). `free`: anyone may download them. `fallback`: the
 * product has no build at all, so the site configuration's download links stand in.
 */
export const OfferedBuildsSchema = z.object({ free: z.boolean(), builds: z.array(BuildSchema), fallback: z.boolean() });
export type OfferedBuilds = z.infer<typeof OfferedBuildsSchema>;

export const ArtifactListQuerySchema = z.object({ product_id: productId });
export const ArtifactListSchema = z.object({ artifacts: z.array(ArtifactSchema) });
export type ArtifactList = z.infer<typeof ArtifactListSchema>;

export const DownloadRequestSchema = z.object({
  key: z.string().trim().max(100).optional(),
  artifact_id: z.number().int().min(1).max(2_147_483_647),
});
export type DownloadRequest = z.infer<typeof DownloadRequestSchema>;

export const DownloadLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type DownloadLink = z.infer<typeof DownloadLinkSchema>;

export const UpdateCheckQuerySchema = z.object({
  product_id: productId,
  // Compared number by number with the releases: "v2" or "latest" has no place in that order.
  version: VersionSchema,
  platform: z.enum(PLATFORMS, "Choose windows, linux or mac."),
  arch: z.enum(ARCHES, "Choose x86_64 or arm64."),
});
export type UpdateCheckQuery = z.infer<typeof UpdateCheckQuerySchema>;

export const UpdateAvailableSchema = z.object({
  version: z.string(),
  published_at: z.string(),
  notes: z.array(z.string()),
  artifact: z.object({
    filename: z.string(),
    size: z.number().int(),
    sha256: z.string(),
    url: z.string(),
    /** base64 of the build's `.minisig` text, as Tauri's updater expects. */
    signature: z.string(),
  }),
  /** Published security advisories affecting the version the client runs (introduced <= version < fixed), most severe first. */
  advisories: z.array(UpdateAdvisorySchema),
  /** Only when the version the client runs was withdrawn: the tool tells its user why. */
  current: z.object({ status: z.literal("yanked"), reason: z.string().nullable() }).optional(),
});
export type UpdateAvailable = z.infer<typeof UpdateAvailableSchema>;

export const TAURI_TARGETS = ["linux", "windows", "darwin"] as const;
export const TAURI_ARCHES = ["x86_64", "aarch64"] as const;

/** GET /api/updates/tauri/{productId}/{target}/{arch}/{currentVersion}: Tauri v2's dynamic update server. */
export const TauriUpdateParamsSchema = z.object({
  productId: productId,
  target: z.enum(TAURI_TARGETS, "Choose linux, windows or darwin."),
  arch: z.enum(TAURI_ARCHES, "Choose x86_64 or aarch64."),
  currentVersion: version,
});
export type TauriUpdateParams = z.infer<typeof TauriUpdateParamsSchema>;

/** Tauri v2's dynamic-server answer: `signature` is the `.minisig` text in base64, `notes` the release notes. */
export const TauriUpdateSchema = z.object({
  version: z.string(),
  notes: z.string(),
  pub_date: z.string(),
  url: z.string(),
  signature: z.string(),
  /** Beyond Tauri's fields (its updater ignores them): the advisories affecting the running version. */
  advisories: z.array(UpdateAdvisorySchema),
});
export type TauriUpdate = z.infer<typeof TauriUpdateSchema>;
