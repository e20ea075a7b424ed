import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { ReleaseStatusSchema, yankReasonIssue, YankReasonSchema } from "../../../contract/release-status";
import { NotFoundError } from "../../../server/platform/errors";
import { releaseStatusIntent } from "../../components/admin/release-status-form";
import { formAction, readValues, refuseFields, requireAdminSession } from "./admin-action.server";

const ReleaseStatusFormSchema = z.object({
  target: z.enum(["version", "patch"]),
  id: z.coerce.number().int().positive().max(2_147_483_647),
  status: ReleaseStatusSchema,
  yank_reason: YankReasonSchema.optional(),
});

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

/**
 * Publish, yank (with a reason) or un-yank the version of this screen or one of its patches: the same
 * services as PATCH /api/admin/product-versions/:id and /api/admin/patches/:id, from a plain form post.
 * The answer's intent names the form that posted (releaseStatusIntent), so only that one shows it.
 */
export async function changeReleaseStatus(request: Request, context: AppLoadContext, versionId: number) {
  const { actor } = await requireAdminSession(request, context);
  const form = await request.formData();
  const status = field(form, "status");
  const raw = {
    target: field(form, "target"),
    id: field(form, "id"),
    status,
    // A reason only goes with a yank; the publish buttons post none.
    yank_reason: status === "yanked" ? (field(form, "yank_reason") ?? "") : undefined,
  };
  const intent = releaseStatusIntent(raw.target === "patch" ? "patch" : "version", raw.id ?? "");
  return formAction(intent, async () => {
    const input = readValues(raw, ReleaseStatusFormSchema, "Choose what to do with the release.");
    const reasonIssue = yankReasonIssue(input);
    if (reasonIssue) refuseFields({ yank_reason: reasonIssue }, reasonIssue);
    const change = { status: input.status, ...(input.yank_reason ? { yank_reason: input.yank_reason } : {}) };
    if (input.target === "patch") {
      const version = await context.services.productVersions.find(versionId);
      if (!version?.patches.some((p) => p.id === input.id)) throw new NotFoundError("There is no such patch of this version.");
      const patch = await context.services.patches.update(input.id, change, actor);
      return { message: `Patch ${patch.patch_version} is ${patch.status}.` };
    }
    if (input.id !== versionId) throw new NotFoundError("There is no such product version.");
    const version = await context.services.productVersions.update(versionId, change, actor);
    return { message: `Version ${version.version} is ${version.status}.` };
  });
}
