import { SuccessMessageSchema } from "../../contract/common";
import { PatchCreateSchema, PatchListSchema } from "../../contract/patches";
import { actorOf } from "./actor";
import { defineOperation } from "./operation";

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
      return { status: "success", message: `Patch ${body.patchVersion} of ${created.product_id} ${created.version} created.` };
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
];
