import type { Context } from "hono";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { z } from "zod";
import {
  ArtifactCreatedSchema,
  ArtifactExternalSchema,
  ArtifactListQuerySchema,
  ArtifactListSchema,
  DownloadLinkSchema,
  DownloadRequestSchema,
  TauriUpdateParamsSchema,
  TauriUpdateSchema,
  UpdateAvailableSchema,
  UpdateCheckQuerySchema,
} from "../../../contract/artifacts";
import { actorOf } from "../../api/actor";
import { defineOperation } from "../../api/operation";
import { HttpError } from "../../platform/http/errors";
import { readBody } from "../../platform/http/validate";

/** The signed path made absolute: tools and browsers follow it from anywhere. */
const absolute = (c: Context, path: string) => new URL(path, c.get("config").PUBLIC_ORIGIN ?? c.req.url).toString();
const licenceKeyOf = (c: Context) => /^License\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1]?.trim();

export const artifactOperations = [
  defineOperation({
    method: "post",
    path: "/admin/artifacts",
    operationId: "createArtifact",
    tags: ["Artifacts"],
    summary: "Upload a build, or register one kept at an external URL",
    description:
      "multipart/form-data with `file`, `product_id`, `version`, `patch_version` (optional), `platform`, `arch` and an optional " +
      "`sha256` to verify: streamed to ARTIFACTS_DIR, the SHA-256 and BLAKE2b-512 computed on the way, at most ARTIFACT_MAX_BYTES " +
      "(413 over it, 400 when the declared SHA-256 differs; no file is left either way). Without RELEASE_PUBLIC_KEY the server signs " +
      "the build (minisign, pre-hashed). With it, a `signature` field (the `.minisig` text made by that key) must come before the " +
      "`file` part and is verified against the file received: missing or wrong, 400 and no file. Or JSON (ArtifactExternal) " +
      "registering an external URL with its size, SHA-256 and `signature` (required with RELEASE_PUBLIC_KEY; without one the build " +
      "is unsigned and never offered to an updater). One build per release, platform and architecture (409).",
    admin: true,
    ok: [201, ArtifactCreatedSchema],
    errors: [400, 404, 409, 413, 415],
    handler: async (c) => {
      const type = c.req.header("content-type") ?? "";
      const artifacts = c.get("services").artifacts;
      if (type.toLowerCase().startsWith("multipart/form-data"))
        return artifacts.upload(c.req.raw.body as WebReadableStream<Uint8Array> | null, type, actorOf(c));
      if (!type.toLowerCase().startsWith("application/json")) throw new HttpError(415, "Send multipart/form-data or application/json.");
      return artifacts.register(await readBody(c, ArtifactExternalSchema), actorOf(c));
    },
  }),
  defineOperation({
    method: "get",
    path: "/admin/artifacts",
    operationId: "listArtifacts",
    tags: ["Artifacts"],
    summary: "A product's builds with their download counts",
    description: "Every build of every version and patch of the product (drafts and yanked ones too), newest version first.",
    admin: true,
    query: ArtifactListQuerySchema,
    ok: [200, ArtifactListSchema],
    errors: [400],
    handler: async (c, { query }) => ({ artifacts: await c.get("services").artifacts.list(query.product_id) }),
  }),
  defineOperation({
    method: "delete",
    path: "/admin/artifacts/{id}",
    operationId: "deleteArtifact",
    tags: ["Artifacts"],
    summary: "Delete a build no one downloaded",
    description: "409 once it has been downloaded.",
    admin: true,
    params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
    ok: [200, z.object({ status: z.literal("success") })],
    errors: [404, 409],
    handler: async (c, { params }) => {
      await c.get("services").artifacts.remove(params.id, actorOf(c));
      return { status: "success" as const };
    },
  }),
  defineOperation({
    method: "post",
    path: "/downloads",
    operationId: "createDownloadLink",
    tags: ["Artifacts"],
    summary: "A download link for a build",
    description:
      "A free version's build needs no key; a paid one a licence of its product (401 without, 403 for another product's, a revoked " +
      "one, or a build published after the licence's term ended). The link /dl/{token} is valid 5 minutes. Throttled per client IP.",
    body: DownloadRequestSchema,
    ok: [200, DownloadLinkSchema],
    errors: [400, 401, 403, 404, 413, 415, 429],
    handler: async (c, { body }) => {
      const link = await c.get("services").downloads.issue(body, c.get("clientIp"));
      return { ...link, url: absolute(c, link.url) };
    },
  }),
  defineOperation({
    method: "get",
    path: "/updates/check",
    operationId: "checkForUpdate",
    tags: ["Artifacts"],
    summary: "Is a newer release published for this platform?",
    description:
      "204 when nothing newer is published with a build for this platform and architecture; else the newest such release with its " +
      "notes and a signed download link. Paid products need `Authorization: License <key>`. Drafts and yanked releases are never " +
      "offered. A client whose `version` is yanked gets the newest published release even when it is not newer, with " +
      '`current: {status: "yanked", reason}`. `advisories` lists the published security advisories affecting `version` ' +
      "(`{id, severity, summary, fixed_in}`, most severe first). `version` is dotted numbers (400 otherwise). Throttled per client IP like the licence calls.",
    query: UpdateCheckQuerySchema,
    ok: [200, UpdateAvailableSchema],
    errors: [400, 401, 403, 429],
    handler: async (c, { query }) => {
      const update = await c.get("services").updateCheck.check(query, licenceKeyOf(c), c.get("clientIp"));
      if (!update) return c.body(null, 204);
      return { ...update, artifact: { ...update.artifact, url: absolute(c, update.artifact.url) } };
    },
  }),
  defineOperation({
    method: "get",
    path: "/updates/tauri/{productId}/{target}/{arch}/{currentVersion}",
    operationId: "checkForTauriUpdate",
    tags: ["Artifacts"],
    summary: "Tauri v2's dynamic update server",
    description:
      "The update check in the shape Tauri's updater reads: 204 when nothing newer is offered, else `{version, notes, pub_date, " +
      "url, signature, advisories}` where `signature` is the build's `.minisig` in base64 and `url` a signed 5-minute download link. `target` " +
      "is linux, windows or darwin (mac), `arch` x86_64 or aarch64 (arm64). Same rules as /updates/check: `Authorization: License " +
      "<key>` for paid products, unsigned builds never offered, throttled per client IP.",
    params: TauriUpdateParamsSchema,
    ok: [200, TauriUpdateSchema],
    errors: [400, 401, 403, 429],
    handler: async (c, { params }) => {
      const update = await c.get("services").updateCheck.tauri(params, licenceKeyOf(c), c.get("clientIp"));
      if (!update) return c.body(null, 204);
      return { ...update, url: absolute(c, update.url) };
    },
  }),
];
