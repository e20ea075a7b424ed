import type { AppLoadContext } from "react-router";
import { ArtifactExternalSchema } from "../../../contract/artifacts";
import { PatchIdSchema, PatchUpdateSchema } from "../../../contract/patches";
import type { Actor } from "../../../server/platform/actor";
import { ConflictError, domainErrorKind, NotFoundError } from "../../../server/platform/errors";
import { formAction, readValues, refuseFields } from "./admin-action.server";

/** The intents of the version screen's Builds and Patches sections. */
export const PART_INTENTS = ["build-link", "build-delete", "patch-edit", "patch-delete"] as const;
export type PartIntent = (typeof PART_INTENTS)[number];

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/**
 * The posted `id` of a build or patch: a positive 4-byte integer, as the API's path takes it. Like a
 * path, an id that is not one names nothing: not found, rather than a field to correct.
 */
function postedId(form: FormData): number {
  try {
    return readValues(text(form, "id"), PatchIdSchema);
  } catch {
    throw new NotFoundError("There is no such build or patch of this version.");
  }
}

/**
 * The link form as the JSON body POST /api/admin/artifacts takes: the version's product and number
 * from the screen (not from the form), the size as a number. An empty size is refused here, since
 * Number("") would register a build of 0 bytes.
 */
function buildLinkValues(form: FormData, version: { product_id: string; version: string }) {
  if (text(form, "size").trim() === "") refuseFields({ size: "Give the size in bytes." });
  return {
    product_id: version.product_id,
    version: version.version,
    patch_version: text(form, "patch_version") || undefined,
    platform: text(form, "platform"),
    arch: text(form, "arch"),
    url: text(form, "url"),
    filename: text(form, "filename"),
    size: Number(text(form, "size")),
    sha256: text(form, "sha256"),
    signature: text(form, "signature").trim() || undefined,
  };
}

/**
 * Builds and patches of the version on this screen, on the services POST and DELETE
 * /api/admin/artifacts and PATCH and DELETE /api/admin/patches/:id call, validated by the same
 * schemas. A build or patch of another version is not found here: the screen only changes its own.
 * (The build upload stays on the API: a streamed multipart upload must not be buffered by a page action.)
 */
export async function versionPartAction(intent: PartIntent, form: FormData, context: AppLoadContext, versionId: number, actor: Actor) {
  const { productVersions, artifacts, patches } = context.services;
  // A patch's answer names it (`value.id`): without JavaScript the page shows it by that patch's form.
  return formAction<{ id: number }>(intent, async () => {
    const version = await productVersions.find(versionId);
    if (!version) throw new NotFoundError("There is no such product version.");
    if (intent === "build-link") {
      const created = await artifacts.register(readValues(buildLinkValues(form, version), ArtifactExternalSchema), actor);
      return { message: `Registered ${created.filename}.` };
    }
    if (intent === "build-delete") {
      const id = postedId(form);
      const build = (await artifacts.list(version.product_id)).find((b) => b.id === id && b.version === version.version);
      if (!build) throw new NotFoundError("There is no such build of this version.");
      await artifacts.remove(id, actor);
      return { message: `${build.filename} deleted.` };
    }
    const id = postedId(form);
    const patch = version.patches.find((p) => p.id === id);
    if (!patch) throw new NotFoundError("There is no such patch of this version.");
    if (intent === "patch-delete") {
      await patches.remove(id, actor);
      return { message: `Patch ${patch.patch_version} deleted.`, value: { id } };
    }
    const change = readValues(
      { patch_version: text(form, "patch_version"), features: text(form, "features").split("\n") },
      PatchUpdateSchema,
    );
    const saved = await patches.update(id, change, actor).catch((error: unknown) => {
      // Another patch of this version already has that number: the clash belongs under the field.
      if (domainErrorKind(error) === "conflict")
        throw new ConflictError((error as Error).message, { patch_version: (error as Error).message });
      throw error;
    });
    return { message: `Patch ${saved.patch_version} of ${saved.product_name} ${saved.version} saved.`, value: { id } };
  });
}
