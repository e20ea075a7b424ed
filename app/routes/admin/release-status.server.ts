import { type AppLoadContext, data } from "react-router";
import { z } from "zod";
import { ReleaseStatusSchema, yankReasonIssue, YankReasonSchema } from "../../../contract/release-status";
import { pageFailure } from "../public/store-errors.server";
import { requireAdminPage } from "./session.server";

const ReleaseStatusFormSchema = z.object({
  target: z.enum(["version", "patch"]),
  id: z.coerce.number().int().positive().max(2_147_483_647),
  status: ReleaseStatusSchema,
  yank_reason: YankReasonSchema.optional(),
});

export type ReleaseStatusResult = {
  ok: boolean;
  message: string;
  /** Which form answered: "version" or "patch-<id>", so only that one shows the message. */
  form: string;
  errors: Record<string, string>;
};

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

/**
 * Publish, yank (with a reason) or un-yank the version of this screen or one of its patches: the same
 * services as PATCH /api/admin/product-versions/:id and /api/admin/patches/:id, from a plain form post.
 */
export async function changeReleaseStatus(request: Request, context: AppLoadContext, versionId: number) {
  const admin = await requireAdminPage(request, context);
  const form = await request.formData();
  const status = field(form, "status");
  const raw = {
    target: field(form, "target"),
    id: field(form, "id"),
    status,
    // A reason only goes with a yank; the publish buttons post none.
    yank_reason: status === "yanked" ? (field(form, "yank_reason") ?? "") : undefined,
  };
  const parsed = ReleaseStatusFormSchema.safeParse(raw);
  const formName = raw.target === "patch" ? `patch-${raw.id}` : "version";
  const fail = (message: string, errors: Record<string, string>, code: number) =>
    data<ReleaseStatusResult>({ ok: false, message, form: formName, errors }, { status: code });
  if (!parsed.success) return fail("Choose what to do with the release.", {}, 400);
  const input = parsed.data;
  const reasonIssue = yankReasonIssue(input);
  if (reasonIssue) return fail(reasonIssue, { yank_reason: reasonIssue }, 400);
  const actor = { adminId: admin.id, clientIp: context.clientIp };
  const change = { status: input.status, ...(input.yank_reason ? { yank_reason: input.yank_reason } : {}) };
  try {
    if (input.target === "patch") {
      const version = await context.services.productVersions.find(versionId);
      if (!version?.patches.some((p) => p.id === input.id)) return fail("There is no such patch of this version.", {}, 404);
      const patch = await context.services.patches.update(input.id, change, actor);
      return data<ReleaseStatusResult>({
        ok: true,
        message: `Patch ${patch.patch_version} is ${patch.status}.`,
        form: formName,
        errors: {},
      });
    }
    if (input.id !== versionId) return fail("There is no such product version.", {}, 404);
    const version = await context.services.productVersions.update(versionId, change, actor);
    return data<ReleaseStatusResult>({ ok: true, message: `Version ${version.version} is ${version.status}.`, form: formName, errors: {} });
  } catch (error) {
    const failure = pageFailure(error);
    return fail(failure.message, failure.errors, failure.status);
  }
}
