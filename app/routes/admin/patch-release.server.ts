import type { AppLoadContext } from "react-router";
import { PatchCreateSchema } from "../../../contract/patches";
import { domainErrorKind, InvalidInputError } from "../../../server/platform/errors";
import { formValues } from "../../lib/form-values";
import { formAction, readValues, requireAdminAction } from "./admin-action.server";

/**
 * Create Patch Version Release: the patches service POST /api/products/version/patch/create calls,
 * with the form validated by the same schema. The features come as features.0, features.1... (one
 * hidden field per listed feature); the draft box as any form boolean ("on", "true"), read by the schema.
 */
export async function patchReleaseAction(request: Request, context: AppLoadContext) {
  const actor = await requireAdminAction(request, context);
  const form = await request.formData();
  return formAction(undefined, async () => {
    const input = readValues({ features: [], ...formValues(form) }, PatchCreateSchema);
    try {
      const created = await context.services.patches.create(input, actor);
      return { message: `Patch ${input.patchVersion} of ${created.product_name} ${created.version} created.` };
    } catch (error) {
      // The chosen version is gone (deleted since the page loaded): said on the Major Version field.
      if (domainErrorKind(error) === "not_found")
        throw new InvalidInputError((error as Error).message, { majorVersion: (error as Error).message });
      throw error;
    }
  });
}
