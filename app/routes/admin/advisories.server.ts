import { type AppLoadContext, data, redirect } from "react-router";
import { ADVISORY_ID, AdvisoryInputSchema } from "../../../contract/advisories";
import { advisoryScore, advisoryView } from "../../../server/features/advisories";
import { domainErrorKind } from "../../../server/platform/errors";
import { formAction, readForm, refusedByPostedRow, requireAdminAction } from "./admin-action.server";
import { requireAdminPage } from "./session.server";

/** The list: every advisory, drafts first, with how many licence holders each one mailed. */
export async function advisoriesLoader(request: Request, context: AppLoadContext) {
  await requireAdminPage(request, context);
  const rows = await context.services.advisories.list();
  const mailed = await context.services.advisories.noticeCounts(rows.map((r) => r.id));
  return {
    advisories: rows.map((r) => ({
      ...r,
      score: advisoryScore(r.cvssScoreTenths),
      mailed: mailed.get(r.id) ?? 0,
      modifiedAt: r.modifiedAt.toISOString(),
      publishedAt: r.publishedAt?.toISOString() ?? null,
    })),
  };
}

/** The new-advisory screen: the products to choose from. */
export async function newAdvisoryLoader(request: Request, context: AppLoadContext) {
  await requireAdminPage(request, context);
  return { products: await context.services.advisories.products() };
}

/** One advisory to edit (any status); 404 for an unknown id. */
export async function advisoryLoader(id: string | undefined, request: Request, context: AppLoadContext) {
  await requireAdminPage(request, context);
  if (!id || !ADVISORY_ID.test(id)) throw data("There is no such advisory.", { status: 404 });
  try {
    const a = await context.services.advisories.get(id);
    return {
      products: await context.services.advisories.products(),
      advisory: {
        ...advisoryView(a),
        details: a.details,
        credits: a.credits,
        status: a.status,
        modifiedAt: a.modifiedAt.toISOString(),
        publishedAt: a.publishedAt?.toISOString() ?? null,
        withdrawnAt: a.withdrawnAt?.toISOString() ?? null,
      },
    };
  } catch (error) {
    if (domainErrorKind(error) === "not_found") throw data("There is no such advisory.", { status: 404 });
    throw error;
  }
}

/** New advisory: stored as a draft, then the browser goes to its edit screen (where it is published). */
export async function newAdvisoryAction(request: Request, context: AppLoadContext) {
  const actor = await requireAdminAction(request, context);
  const form = await request.formData();
  const result = await formAction<string>(
    "save",
    async () => {
      const { id } = await context.services.advisories.create(readForm(form, AdvisoryInputSchema), actor);
      return { message: `Draft ${id} saved.`, value: id };
    },
    { refused: refusedByPostedRow(form) },
  );
  if ("ok" in result && result.ok && result.value) return redirect(`/dashboard/advisories/${result.value}`);
  return result;
}

/**
 * One advisory's screen: "save" (the fields), "publish" (a draft: public, and mailed to the affected
 * licence holders) or "withdraw" (a published one); each through the advisories service, audited there.
 */
export async function advisoryAction(id: string | undefined, request: Request, context: AppLoadContext) {
  const actor = await requireAdminAction(request, context);
  const form = await request.formData();
  const advisoryId = id ?? "";
  const intent = String(form.get("intent") ?? "save");
  if (intent === "publish")
    return formAction("publish", async () => {
      const { mailed } = await context.services.advisories.publish(advisoryId, actor);
      return { message: `${advisoryId} is published; ${mailed === 1 ? "1 licence holder was" : `${mailed} licence holders were`} mailed.` };
    });
  if (intent === "withdraw")
    return formAction("withdraw", async () => {
      await context.services.advisories.withdraw(advisoryId, actor);
      return { message: `${advisoryId} is withdrawn: it stays public, marked withdrawn.` };
    });
  return formAction(
    "save",
    async () => {
      const { mailed } = await context.services.advisories.update(advisoryId, readForm(form, AdvisoryInputSchema), actor);
      return { message: mailed ? `Saved; ${mailed} more licence holders were mailed.` : "Saved." };
    },
    { refused: refusedByPostedRow(form) },
  );
}
