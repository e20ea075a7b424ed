import { z } from "zod";
import { SuccessMessageSchema } from "../../../contract/common";
import { PatchCreateSchema, PatchIdSchema, PatchListSchema, PatchUpdatedSchema, PatchUpdateSchema } from "../../../contract/patches";
import { actorOf } from "../../api/actor";
import { defineOperation } from "../../api/operation";

const IdParams = z.object({ id: PatchIdSchema });

export const patchOperations = [
  defineOperation({
    method: "post",
    path: "/products/version/patch/create",
    operationId: "createPatch",
    tags: ["Patches"],
    summary: "Create a patch release of a version",
    description: "Adds a patch release under an existing product version.",
    admin: true,
    body: PatchCreateSchema,
    ok: [201, SuccessMessageSchema],
    errors: [400, 404, 409, 415],
    handler: async (c, { body }) => {
      const created = await c.get("services").patches.create(body, actorOf(c));
      return { status: "success", message: `Patch ${body.patchVersion} of ${created.product_name} ${created.version} created.` };
    },
  }),
  defineOperation({
    method: "get",
    path: "/products/version/patches",
    operationId: "listPatches",
    tags: ["Patches"],
    summary: "Patch releases, newest first",
    description: "Every patch release with its product and version.",
    admin: true,
    ok: [200, PatchListSchema],
    handler: async (c) => ({ status: "success", patches: await c.get("services").patches.list() }),
  }),
  defineOperation({
    method: "patch",
    path: "/admin/patches/{id}",
    operationId: "updatePatch",
    tags: ["Patches"],
    summary: "Edit a patch release",
    description:
      "Changes the patch version (still newer than its base and the patch before it, older than the patch after it and " +
      "the product's next version) and/or its features; the version it patches stays. Audited with before and after.",
    admin: true,
    params: IdParams,
    body: PatchUpdateSchema,
    ok: [200, PatchUpdatedSchema],
    errors: [400, 404, 409, 415],
    handler: async (c, { params, body }) => {
      const patch = await c.get("services").patches.update(params.id, body, actorOf(c));
      return { status: "success", message: `Patch ${patch.patch_version} of ${patch.product_name} ${patch.version} saved.`, patch };
    },
  }),
  defineOperation({
    method: "delete",
    path: "/admin/patches/{id}",
    operationId: "deletePatch",
    tags: ["Patches"],
    summary: "Delete a patch release",
    description: "Removes one patch release; audited with what it was.",
    admin: true,
    params: IdParams,
    ok: [200, SuccessMessageSchema],
    errors: [404],
    handler: async (c, { params }) => {
      await c.get("services").patches.remove(params.id, actorOf(c));
      return { status: "success", message: "The patch was deleted." };
    },
  }),
];
