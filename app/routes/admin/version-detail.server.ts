import { type AppLoadContext, redirect } from "react-router";
import { VersionUpdateSchema } from "../../../contract/admin-versions";
import { REQUIREMENT_NAMES } from "../../components/admin/version-fields";
import { formAction, readValues, refuseFields, requireAdminAction } from "./admin-action.server";
import { changeReleaseStatus } from "./release-status.server";
import { PART_INTENTS, type PartIntent, versionPartAction } from "./version-parts.server";

/** The intents of the version's own forms; with PART_INTENTS (builds, patches) any other post is a release-status form. */
export const VERSION_INTENTS = ["edit", "archive", "delete"] as const;

/**
 * The edit form as the body PATCH /api/admin/product-versions/:id takes: numbers as numbers, the
 * checkbox as a boolean, the features one per line. An empty Amount is refused here, as the API
 * never sees one: 0 is typed on purpose for a free version.
 */
function editValues(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "");
  if (text("amount").trim() === "") refuseFields({ amount: "Enter the price (0 only for a free version)." });
  return {
    ...Object.fromEntries(REQUIREMENT_NAMES.map((name) => [name, text(name)])),
    os: form.getAll("os").map(String),
    amount: Number(text("amount")),
    // A ticked box as the form sends it ("on", or "true" from a script): the schema reads it (contract/form-booleans.ts).
    for_sale: text("for_sale"),
    licence_term_months: Number(text("licence_term_months")),
    machine_limit: Number(text("machine_limit")),
    features: text("features")
      .split("\n")
      .map((f) => f.trim())
      .filter(Boolean),
  };
}

/**
 * The version screen's writes, on the product-versions service the API's PATCH and DELETE
 * /api/admin/product-versions/:id call, validated by the same schema: intent=edit, archive (with
 * `archived` true or false) and delete. A deleted version has no screen left: the answer is the
 * list, which names what went. The Builds and Patches sections post their own intents
 * (app/routes/admin/version-parts.server.ts); the release-status forms post without an intent.
 */
export async function versionAction(request: Request, context: AppLoadContext, versionId: number) {
  const intent = String((await request.clone().formData()).get("intent") ?? "");
  const isPart = (PART_INTENTS as readonly string[]).includes(intent);
  if (!isPart && !(VERSION_INTENTS as readonly string[]).includes(intent)) return changeReleaseStatus(request, context, versionId);
  const actor = await requireAdminAction(request, context);
  const form = await request.formData();
  if (isPart) return versionPartAction(intent as PartIntent, form, context, versionId, actor);
  const versions = context.services.productVersions;
  return formAction(intent, async () => {
    if (intent === "edit") {
      await versions.update(versionId, readValues(editValues(form), VersionUpdateSchema), actor);
      return { message: "Changes saved." };
    }
    if (intent === "archive") {
      const change = readValues({ archived: String(form.get("archived") ?? "") }, VersionUpdateSchema);
      await versions.update(versionId, change, actor);
      return { message: change.archived ? "Version archived." : "Version restored." };
    }
    const version = await versions.find(versionId);
    await versions.remove(versionId, actor);
    const name = version ? `${version.product_name} ${version.version}` : "";
    throw redirect(`/dashboard/versions?deleted=${encodeURIComponent(name)}`);
  });
}
